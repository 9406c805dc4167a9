// Writing a bracket back: only the rows brackets-manager (or our Swiss rounds) inserted, changed
// or deleted since the load, in bulk, inside the caller's transaction.
//
// It is the one writer of bracket rows (writeBracketChanges, and writeMatchReport for what
// brackets-manager does not keep: reports, disputes, schedules), so it is the one that tells open
// brackets: a write announces the contest's bracket channel, heard once the transaction commits.
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { announceBracketChanges } from '../../platform/events';
import { insertMany, nextIds, type BulkColumn } from '../../platform/db/dialect';
import {
  bracketGroups,
  bracketMatches,
  bracketRounds,
  bracketStages,
} from '../../platform/db/schema';
import { SQL_TABLE, STORED, sideId, type AnyRow, type Stored } from './bracketRows';

/** JSON with keys in order, so a row rebuilt in another key order reads as unchanged. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonical(record[key])}`)
    .join(',')}}`;
}

/**
 * Writes what changed since `load`: deleted rows, then new rows (real ids drawn in bulk, the
 * references to them rewritten), then the changed rows. Answers the ids of the matches that
 * were inserted or changed (whose participants may need telling).
 */
export async function writeBracketChanges(
  tx: DbOrTx,
  contestId: number,
  data: Record<Stored, AnyRow[]>,
  baseline: Record<Stored, Map<number, AnyRow>>,
): Promise<{ changedMatches: number[]; insertedMatches: number[] }> {
  let wrote = false;
  // Deleted: loaded, no longer present.
  for (const table of STORED) {
    const present = new Set(data[table].map((r) => r.id));
    const gone = [...baseline[table].keys()].filter((id) => !present.has(id));
    const t = tableOf(table);
    for (let i = 0; i < gone.length; i += 500) {
      await tx.delete(t).where(inArray(t.id, gone.slice(i, i + 500)));
    }
    if (gone.length) wrote = true;
  }
  // Inserted: real ids in the order the rows were made, references rewritten.
  const realId: Record<Stored, Map<number, number>> = {
    stage: new Map(),
    group: new Map(),
    round: new Map(),
    match: new Map(),
  };
  for (const table of STORED) {
    const fresh = data[table].filter((r) => r.id < 0).sort((a, b) => b.id - a.id);
    const ids = await nextIds(tx, SQL_TABLE[table], fresh.length);
    fresh.forEach((row, i) => realId[table].set(row.id, ids[i]!));
    if (fresh.length) wrote = true;
  }
  const remap = (table: Stored, id: unknown): unknown =>
    typeof id === 'number' && id < 0 ? (realId[table].get(id) ?? id) : id;
  for (const table of STORED) {
    for (const row of data[table]) {
      row.id = remap(table, row.id) as number;
      if ('stage_id' in row) row.stage_id = remap('stage', row.stage_id);
      if ('group_id' in row) row.group_id = remap('group', row.group_id);
      if ('round_id' in row) row.round_id = remap('round', row.round_id);
    }
  }
  const isNew = (table: Stored, row: AnyRow) => !baseline[table].has(row.id);
  let insertedMatches: AnyRow[] = [];
  for (const table of STORED) {
    const added = data[table].filter((r) => isNew(table, r));
    if (table === 'match') insertedMatches = added;
    const { columns, values } = INSERTED[table];
    await insertMany(
      tx,
      SQL_TABLE[table],
      columns,
      added.map((r) => values(r, contestId)),
    );
  }
  // Changed: loaded, and different now.
  const changedMatches: number[] = [];
  for (const table of STORED) {
    for (const row of data[table]) {
      const original = baseline[table].get(row.id);
      // The same object: untouched. Another one: compared, as brackets-manager often writes
      // a row back as it was.
      if (original === undefined || original === row) continue;
      const before = canonical(original);
      if (before === canonical(row)) continue;
      wrote = true;
      if (table === 'match') {
        const old = original;
        const p1 = sideId(row.opponent1);
        const p2 = sideId(row.opponent2);
        const sameSides = sideId(old.opponent1) === p1 && sideId(old.opponent2) === p2;
        await tx
          .update(bracketMatches)
          .set({
            number: row.number as number,
            childCount: (row.child_count as number) ?? 0,
            status: row.status as number,
            opponent1: row.opponent1 == null ? null : JSON.stringify(row.opponent1),
            opponent2: row.opponent2 == null ? null : JSON.stringify(row.opponent2),
            participant1Id: p1,
            participant2Id: p2,
            updatedAt: new Date(),
            // A self-report of other participants no longer stands.
            ...(sameSides
              ? {}
              : {
                  reportState: 'none',
                  report: null,
                  dispute: null,
                }),
          })
          .where(eq(bracketMatches.id, row.id));
        changedMatches.push(row.id);
      } else if (table === 'stage') {
        await tx
          .update(bracketStages)
          .set({
            number: row.number as number,
            name: row.name as string,
            settings: JSON.stringify(row.settings ?? {}),
          })
          .where(eq(bracketStages.id, row.id));
      } else if (table === 'group') {
        await tx
          .update(bracketGroups)
          .set({ number: row.number as number })
          .where(eq(bracketGroups.id, row.id));
      } else {
        await tx
          .update(bracketRounds)
          .set({ number: row.number as number })
          .where(eq(bracketRounds.id, row.id));
      }
    }
  }
  // What is written is now the baseline: a second flush writes only later changes.
  for (const table of STORED) {
    baseline[table].clear();
    for (const row of data[table]) baseline[table].set(row.id, row);
  }
  if (wrote) await announceBracketChanges({ db: tx, contestIds: [contestId] });
  return { changedMatches, insertedMatches: insertedMatches.map((r) => r.id) };
}

/**
 * Writes what a match holds beside brackets-manager's rows (a report, a dispute, a schedule),
 * and tells the contest's open brackets.
 */
export async function writeMatchReport(
  tx: DbOrTx,
  contestId: number,
  matchId: number,
  set: Pick<
    Partial<typeof bracketMatches.$inferInsert>,
    'reportState' | 'report' | 'dispute' | 'scheduledAt'
  >,
): Promise<void> {
  await tx
    .update(bracketMatches)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(bracketMatches.id, matchId));
  await announceBracketChanges({ db: tx, contestIds: [contestId] });
}

/**
 * A forfeited match's pending or disputed report is settled by the forfeit (it leaves the
 * moderators' queue); the report itself stays, as who said what. Tells the open brackets.
 */
export async function settleOpenReports(
  tx: DbOrTx,
  contestId: number,
  matchIds: readonly number[],
): Promise<void> {
  if (!matchIds.length) return;
  await tx
    .update(bracketMatches)
    .set({ reportState: 'confirmed', updatedAt: new Date() })
    .where(
      and(
        inArray(bracketMatches.id, [...matchIds]),
        inArray(bracketMatches.reportState, ['pending', 'disputed']),
      ),
    );
  await announceBracketChanges({ db: tx, contestIds: [contestId] });
}

function tableOf(table: Stored) {
  return table === 'stage'
    ? bracketStages
    : table === 'group'
      ? bracketGroups
      : table === 'round'
        ? bracketRounds
        : bracketMatches;
}

const int = (name: string): BulkColumn => ({ name, pgType: 'integer' });
const txt = (name: string): BulkColumn => ({ name, pgType: 'text' });
/** Each table's new rows as written: its columns, and one row's values in their order. */
const INSERTED: Record<
  Stored,
  { columns: BulkColumn[]; values: (r: AnyRow, contestId: number) => unknown[] }
> = {
  stage: {
    columns: [
      int('id'),
      int('contest_id'),
      int('number'),
      txt('name'),
      txt('type'),
      txt('settings'),
    ],
    values: (r, contestId) => [
      r.id,
      contestId,
      r.number,
      r.name,
      r.type,
      JSON.stringify(r.settings ?? {}),
    ],
  },
  group: {
    columns: [int('id'), int('contest_id'), int('stage_id'), int('number')],
    values: (r, contestId) => [r.id, contestId, r.stage_id, r.number],
  },
  round: {
    columns: [int('id'), int('contest_id'), int('stage_id'), int('group_id'), int('number')],
    values: (r, contestId) => [r.id, contestId, r.stage_id, r.group_id, r.number],
  },
  match: {
    columns: [
      int('id'),
      int('contest_id'),
      int('stage_id'),
      int('group_id'),
      int('round_id'),
      int('number'),
      int('child_count'),
      int('status'),
      txt('opponent1'),
      txt('opponent2'),
      int('participant1_id'),
      int('participant2_id'),
    ],
    values: (r, contestId) => [
      r.id,
      contestId,
      r.stage_id,
      r.group_id,
      r.round_id,
      r.number,
      r.child_count ?? 0,
      r.status,
      r.opponent1 == null ? null : JSON.stringify(r.opponent1),
      r.opponent2 == null ? null : JSON.stringify(r.opponent2),
      sideId(r.opponent1),
      sideId(r.opponent2),
    ],
  },
};
