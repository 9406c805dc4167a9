// Over 500 lines on purpose: one class, brackets-manager's CrudInterface over our tables, whose
// load, in-memory storage calls, write-back and bulk column lists only make sense together.
//
// brackets-manager over our database as a unit of work: one read per table loads a contest's
// bracket (stages, groups, rounds, matches) inside the caller's transaction, brackets-manager
// works on it in memory through its CrudInterface, and `flush` writes back only the rows it
// inserted, changed or deleted, in bulk, in the same transaction. No SQL statement is issued per
// storage call: generating a 1,024-player double elimination is ~2,000 inserted rows in a few
// statements, and a result touches the handful of matches it moves.
//
// It is the one writer of bracket rows (flush, and writeMatchReport for what brackets-manager does
// not keep: reports, disputes, schedules), so it is the one that tells open brackets: a write
// announces the contest's bracket channel, heard once the transaction commits.
import { asc, eq, inArray } from 'drizzle-orm';
import { BracketsManager, type CrudInterface, type DataTypes, type Table } from 'brackets-manager';
import type { DbOrTx } from '../../platform/db/client';
import { announceBracketChanges } from '../../platform/events';
import { insertMany, nextIds, type BulkColumn } from '../../platform/db/dialect';
import {
  bracketGroups,
  bracketMatches,
  bracketRounds,
  bracketStages,
  contestParticipants,
} from '../../platform/db/schema';
import type { BracketStageType } from '../../../shared/tournaments';

/** The tables this store keeps (participants are read from contest_participants, never written). */
const STORED = ['stage', 'group', 'round', 'match'] as const;
type Stored = (typeof STORED)[number];

/** A stage as stored: brackets-manager's, with our own 'swiss' type beside its three. */
export type StageRow = Omit<DataTypes['stage'], 'type' | 'id'> & {
  id: number;
  type: BracketStageType;
};
export interface GroupRow {
  id: number;
  stage_id: number;
  number: number;
}
export interface RoundRow {
  id: number;
  stage_id: number;
  group_id: number;
  number: number;
}
export type MatchRow = Omit<DataTypes['match'], 'id' | 'stage_id' | 'group_id' | 'round_id'> & {
  id: number;
  stage_id: number;
  group_id: number;
  round_id: number;
};

type AnyRow = { id: number } & Record<string, unknown>;

const SQL_TABLE: Record<Stored, string> = {
  stage: 'bracket_stages',
  group: 'bracket_groups',
  round: 'bracket_rounds',
  match: 'bracket_matches',
};

/** A copy of a row two levels deep (a match's sides, a stage's settings): callers may mutate. */
function clone<T>(row: T): T {
  const copy = { ...(row as Record<string, unknown>) };
  for (const key in copy) {
    const value = copy[key];
    if (value !== null && typeof value === 'object') {
      copy[key] = Array.isArray(value) ? [...(value as unknown[])] : { ...value };
    }
  }
  return copy as T;
}

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

function matchesFilter(row: Record<string, unknown>, filter: Record<string, unknown>): boolean {
  for (const key of Object.keys(filter)) if (row[key] !== filter[key]) return false;
  return true;
}

/** A side's participant id as a column value (null: a BYE or still to be decided). */
function sideId(side: unknown): number | null {
  const id = (side as { id?: unknown } | null)?.id;
  return typeof id === 'number' ? id : null;
}

/**
 * One contest's bracket in memory. New rows get temporary (negative) ids until `flush` gives
 * them real ones, rewriting the references of the rows that point at them.
 */
export class BracketStore implements CrudInterface {
  private readonly data: Record<Stored, AnyRow[]> = { stage: [], group: [], round: [], match: [] };
  /**
   * Each loaded row as it was read (the object itself: rows are replaced, never mutated, when
   * they change), to write back only what changed.
   */
  private readonly original: Record<Stored, Map<number, AnyRow>> = {
    stage: new Map(),
    group: new Map(),
    round: new Map(),
    match: new Map(),
  };
  private participants: DataTypes['participant'][] | undefined;
  // Below -1, which brackets-manager reads as a failed insert.
  private nextTemp = -2;

  private constructor(
    private readonly tx: DbOrTx,
    readonly contestId: number,
  ) {}

  /** Loads a contest's bracket: one read per table. */
  static async load(tx: DbOrTx, contestId: number): Promise<BracketStore> {
    const store = new BracketStore(tx, contestId);
    // One after another: a transaction's connection runs one statement at a time anyway.
    const stages = await tx
      .select({
        id: bracketStages.id,
        number: bracketStages.number,
        name: bracketStages.name,
        type: bracketStages.type,
        settings: bracketStages.settings,
      })
      .from(bracketStages)
      .where(eq(bracketStages.contestId, contestId))
      .orderBy(asc(bracketStages.id));
    const groups = await tx
      .select({
        id: bracketGroups.id,
        stage_id: bracketGroups.stageId,
        number: bracketGroups.number,
      })
      .from(bracketGroups)
      .where(eq(bracketGroups.contestId, contestId))
      .orderBy(asc(bracketGroups.id));
    const rounds = await tx
      .select({
        id: bracketRounds.id,
        stage_id: bracketRounds.stageId,
        group_id: bracketRounds.groupId,
        number: bracketRounds.number,
      })
      .from(bracketRounds)
      .where(eq(bracketRounds.contestId, contestId))
      .orderBy(asc(bracketRounds.id));
    const matches = await tx
      .select({
        id: bracketMatches.id,
        stage_id: bracketMatches.stageId,
        group_id: bracketMatches.groupId,
        round_id: bracketMatches.roundId,
        number: bracketMatches.number,
        child_count: bracketMatches.childCount,
        status: bracketMatches.status,
        opponent1: bracketMatches.opponent1,
        opponent2: bracketMatches.opponent2,
      })
      .from(bracketMatches)
      .where(eq(bracketMatches.contestId, contestId))
      .orderBy(asc(bracketMatches.id));
    store.data.stage = stages.map((s) => ({
      id: s.id,
      tournament_id: contestId,
      name: s.name,
      type: s.type,
      number: s.number,
      settings: JSON.parse(s.settings) as unknown,
    }));
    store.data.group = groups;
    store.data.round = rounds;
    store.data.match = matches.map((m) => ({
      ...m,
      opponent1: m.opponent1 === null ? null : (JSON.parse(m.opponent1) as unknown),
      opponent2: m.opponent2 === null ? null : (JSON.parse(m.opponent2) as unknown),
    }));
    for (const table of STORED) {
      for (const row of store.data[table]) store.original[table].set(row.id, row);
    }
    return store;
  }

  // --- reads for our own code (no copies: do not mutate) -------------------------------------

  get stages(): readonly StageRow[] {
    return this.data.stage as unknown as StageRow[];
  }
  get groups(): readonly GroupRow[] {
    return this.data.group as unknown as GroupRow[];
  }
  get rounds(): readonly RoundRow[] {
    return this.data.round as unknown as RoundRow[];
  }
  get matches(): readonly MatchRow[] {
    return this.data.match as unknown as MatchRow[];
  }
  get isEmpty(): boolean {
    return this.data.stage.length === 0;
  }

  /** A manager working on this store. */
  manager(): BracketsManager {
    return new BracketsManager(this);
  }

  /** Adds rows of our own (Swiss rounds) with temporary ids; answers the new row. */
  add<T extends Stored>(table: T, value: Omit<AnyRow, 'id'>): AnyRow {
    const row = { ...value, id: this.nextTemp-- } as AnyRow;
    this.data[table].push(row);
    return row;
  }

  /** Changes a row of ours in place (a Swiss match's result). */
  change<T extends Stored>(table: T, id: number, value: Record<string, unknown>): void {
    const rows = this.data[table];
    const index = rows.findIndex((r) => r.id === id);
    if (index < 0) throw new Error(`No ${table} ${id} in this bracket`);
    // Replaced, not mutated: `flush` tells a changed row by its identity.
    rows[index] = { ...rows[index]!, ...value, id };
  }

  /** Forgets every row of the bracket (regeneration): `flush` deletes them. */
  clear(): void {
    for (const table of STORED) this.data[table] = [];
  }

  // --- CrudInterface --------------------------------------------------------------------------

  private rowsOf(table: Table): AnyRow[] {
    if (table === 'match_game') return [];
    if (table === 'participant') {
      throw new Error('participants are read through select');
    }
    return this.data[table];
  }

  private async participantRows(): Promise<DataTypes['participant'][]> {
    if (!this.participants) {
      const rows = await this.tx
        .select({ id: contestParticipants.id })
        .from(contestParticipants)
        .where(eq(contestParticipants.contestId, this.contestId))
        .orderBy(asc(contestParticipants.id));
      // Ids the matches still name whose rows are gone (a deleted member) stay readable.
      const ids = new Set(rows.map((r) => r.id));
      for (const m of this.data.match) {
        for (const side of [m.opponent1, m.opponent2]) {
          const id = sideId(side);
          if (id !== null) ids.add(id);
        }
      }
      this.participants = [...ids].map((id) => ({
        id,
        tournament_id: this.contestId,
        name: String(id),
      }));
    }
    return this.participants;
  }

  insert<T extends Table>(table: T, value: Omit<DataTypes[T], 'id'>): Promise<number>;
  insert<T extends Table>(table: T, values: Omit<DataTypes[T], 'id'>[]): Promise<boolean>;
  async insert<T extends Table>(
    table: T,
    value: Omit<DataTypes[T], 'id'> | Omit<DataTypes[T], 'id'>[],
  ): Promise<number | boolean> {
    if (table === 'participant' || table === 'match_game') {
      // Seeding is always by our participant ids, and matches have no child games.
      throw new Error(`The bracket store does not write ${table} rows`);
    }
    const rows = this.data[table as Stored];
    if (Array.isArray(value)) {
      for (const v of value) rows.push({ ...(clone(v) as object), id: this.nextTemp-- });
      return true;
    }
    const id = this.nextTemp--;
    rows.push({ ...(clone(value) as object), id });
    return id;
  }

  select<T extends Table>(table: T): Promise<DataTypes[T][] | null>;
  select<T extends Table>(table: T, id: number | string): Promise<DataTypes[T] | null>;
  select<T extends Table>(table: T, filter: Partial<DataTypes[T]>): Promise<DataTypes[T][] | null>;
  async select<T extends Table>(
    table: T,
    arg?: number | string | Partial<DataTypes[T]>,
  ): Promise<DataTypes[T] | DataTypes[T][] | null> {
    const rows =
      table === 'participant'
        ? ((await this.participantRows()) as unknown as AnyRow[])
        : this.rowsOf(table);
    if (arg === undefined) return rows.map(clone) as unknown as DataTypes[T][];
    if (typeof arg === 'number' || typeof arg === 'string') {
      const found = rows.find((r) => r.id === arg);
      return found ? (clone(found) as unknown as DataTypes[T]) : null;
    }
    const filter = arg as Record<string, unknown>;
    return rows.filter((r) => matchesFilter(r, filter)).map(clone) as unknown as DataTypes[T][];
  }

  update<T extends Table>(table: T, id: number | string, value: DataTypes[T]): Promise<boolean>;
  update<T extends Table>(
    table: T,
    filter: Partial<DataTypes[T]>,
    value: Partial<DataTypes[T]>,
  ): Promise<boolean>;
  async update<T extends Table>(
    table: T,
    arg: number | string | Partial<DataTypes[T]>,
    value: Partial<DataTypes[T]>,
  ): Promise<boolean> {
    const rows = this.rowsOf(table);
    if (typeof arg === 'number' || typeof arg === 'string') {
      const index = rows.findIndex((r) => r.id === arg);
      if (index < 0) return false;
      rows[index] = { ...(clone(value) as object), id: rows[index]!.id } as AnyRow;
      return true;
    }
    const filter = arg as Record<string, unknown>;
    let any = false;
    for (let i = 0; i < rows.length; i++) {
      if (!matchesFilter(rows[i]!, filter)) continue;
      rows[i] = { ...rows[i]!, ...(clone(value) as object), id: rows[i]!.id } as AnyRow;
      any = true;
    }
    return any;
  }

  async delete<T extends Table>(table: T, filter?: Partial<DataTypes[T]>): Promise<boolean> {
    if (table === 'participant' || table === 'match_game') return true;
    const key = table as Stored;
    this.data[key] = filter
      ? this.data[key].filter((r) => !matchesFilter(r, filter as Record<string, unknown>))
      : [];
    return true;
  }

  // --- writing back ---------------------------------------------------------------------------

  /**
   * Writes what changed since `load`: deleted rows, then new rows (real ids drawn in bulk, the
   * references to them rewritten), then the changed rows. Answers the ids of the matches that
   * were inserted or changed (whose participants may need telling).
   */
  async flush(): Promise<{ changedMatches: number[]; insertedMatches: number[] }> {
    const { tx } = this;
    let wrote = false;
    // Deleted: loaded, no longer present.
    for (const table of STORED) {
      const present = new Set(this.data[table].map((r) => r.id));
      const gone = [...this.original[table].keys()].filter((id) => !present.has(id));
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
      const fresh = this.data[table].filter((r) => r.id < 0).sort((a, b) => b.id - a.id);
      const ids = await nextIds(tx, SQL_TABLE[table], fresh.length);
      fresh.forEach((row, i) => realId[table].set(row.id, ids[i]!));
      if (fresh.length) wrote = true;
    }
    const remap = (table: Stored, id: unknown): unknown =>
      typeof id === 'number' && id < 0 ? (realId[table].get(id) ?? id) : id;
    for (const table of STORED) {
      for (const row of this.data[table]) {
        row.id = remap(table, row.id) as number;
        if ('stage_id' in row) row.stage_id = remap('stage', row.stage_id);
        if ('group_id' in row) row.group_id = remap('group', row.group_id);
        if ('round_id' in row) row.round_id = remap('round', row.round_id);
      }
    }
    const isNew = (table: Stored, row: AnyRow) => !this.original[table].has(row.id);
    const contestId = this.contestId;
    await insertMany(
      tx,
      'bracket_stages',
      STAGE_COLUMNS,
      this.data.stage
        .filter((r) => isNew('stage', r))
        .map((r) => [r.id, contestId, r.number, r.name, r.type, JSON.stringify(r.settings ?? {})]),
    );
    await insertMany(
      tx,
      'bracket_groups',
      GROUP_COLUMNS,
      this.data.group
        .filter((r) => isNew('group', r))
        .map((r) => [r.id, contestId, r.stage_id, r.number]),
    );
    await insertMany(
      tx,
      'bracket_rounds',
      ROUND_COLUMNS,
      this.data.round
        .filter((r) => isNew('round', r))
        .map((r) => [r.id, contestId, r.stage_id, r.group_id, r.number]),
    );
    const insertedMatches = this.data.match.filter((r) => isNew('match', r));
    await insertMany(
      tx,
      'bracket_matches',
      MATCH_COLUMNS,
      insertedMatches.map((r) => [
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
      ]),
    );
    // Changed: loaded, and different now.
    const changedMatches: number[] = [];
    for (const table of STORED) {
      for (const row of this.data[table]) {
        const original = this.original[table].get(row.id);
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
                    reportedBy: null,
                    pendingResult: null,
                    disputeReason: null,
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
      this.original[table].clear();
      for (const row of this.data[table]) this.original[table].set(row.id, row);
    }
    if (wrote) await announceBracketChanges({ db: tx, contestIds: [this.contestId] });
    return { changedMatches, insertedMatches: insertedMatches.map((r) => r.id) };
  }
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
    'reportState' | 'reportedBy' | 'pendingResult' | 'disputeReason' | 'scheduledAt'
  >,
): Promise<void> {
  await tx
    .update(bracketMatches)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(bracketMatches.id, matchId));
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
const STAGE_COLUMNS = [
  int('id'),
  int('contest_id'),
  int('number'),
  txt('name'),
  txt('type'),
  txt('settings'),
];
const GROUP_COLUMNS = [int('id'), int('contest_id'), int('stage_id'), int('number')];
const ROUND_COLUMNS = [
  int('id'),
  int('contest_id'),
  int('stage_id'),
  int('group_id'),
  int('number'),
];
const MATCH_COLUMNS = [
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
];
