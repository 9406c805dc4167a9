// The one rule of what 'Remove demo data' removes (issue 18): the seeded rows nobody has touched,
// what stays and why, and a token naming the plan, so the removal does exactly what the preview
// showed.
import crypto from 'node:crypto';
import { and, asc, count, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields, SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { DbOrTx } from '../../platform/db/client';
import { rowsInIdOrder } from '../../platform/db/rows';
import {
  auditLog,
  bracketMatches,
  contestParticipants as cp,
  contests,
  demoRows,
  educationContent,
  educationSaved,
  paymentProofs,
  payoutMethods,
  scoreHistory,
  sessions,
  uploads,
  users,
} from '../../platform/db/schema';
import { auditActionLabel } from '../../../shared/auditActions';
import type {
  DemoKind,
  DemoTable,
  TDemoKeptRow,
  TDemoPlan,
  TDemoRow,
} from '../../../shared/schemas/demoData';

/**
 * The demo members' password: not a scrypt hash, so nothing ever verifies against it
 * (domain/accounts/passwords.ts). They exist to fill leaderboards, not to be signed in as; one
 * whose password is anything else has been given one by an admin.
 */
export const DEMO_NO_PASSWORD = '!demo-account-without-password';

/** The recorded ids per table (entries whose row is gone simply match nothing below). */
export async function recordedIds(db: DbOrTx): Promise<Record<DemoTable, number[]>> {
  const rows = await db
    .select({ table: demoRows.tableName, id: demoRows.rowId })
    .from(demoRows)
    .orderBy(asc(demoRows.rowId));
  const out: Record<DemoTable, number[]> = {
    users: [],
    contests: [],
    contest_participants: [],
    education_content: [],
  };
  for (const r of rows) out[r.table]?.push(r.id);
  return out;
}

/** How many rows of a column's table name each of `ids` (only ids that occur). */
async function countBy(
  db: DbOrTx,
  column: SQLiteColumn,
  ids: number[],
  where?: SQL,
): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: sql<number>`${column}`.mapWith(Number), n: count() })
    .from(column.table as SQLiteTable)
    .where(and(inArray(column, ids), where))
    .groupBy(column);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/**
 * Per contest, how many matches of its bracket changed since the seed: a result reported,
 * confirmed or disputed, a time set (each moves the match's updatedAt, which the seed leaves at
 * the contest's creation), or a bracket generated since.
 */
async function changedMatches(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: bracketMatches.contestId, n: count() })
    .from(bracketMatches)
    .innerJoin(contests, eq(contests.id, bracketMatches.contestId))
    .where(
      and(inArray(bracketMatches.contestId, ids), ne(bracketMatches.updatedAt, contests.createdAt)),
    )
    .groupBy(bracketMatches.contestId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** The audit log's actions on each of these targets, in words. */
async function auditedActions(
  db: DbOrTx,
  targetType: 'user' | 'contest' | 'education',
  ids: number[],
  ignore: readonly string[] = [],
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!ids.length) return out;
  const rows = await db
    .selectDistinct({ id: auditLog.targetId, action: auditLog.action })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, targetType),
        inArray(
          auditLog.targetId,
          ids.map((id) => String(id)),
        ),
      ),
    )
    .orderBy(asc(auditLog.action));
  for (const r of rows) {
    if (ignore.includes(r.action)) continue;
    const id = Number(r.id);
    out.set(id, [...(out.get(id) ?? []), auditActionLabel(r.action)]);
  }
  return out;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** 'ann, bob and 3 more' */
function someOf(names: string[]): string {
  const unique = [...new Set(names)];
  if (unique.length <= 3) return unique.join(', ');
  return `${unique.slice(0, 3).join(', ')} and ${unique.length - 3} more`;
}

const sameTime = (a: Date, b: Date) => a.getTime() === b.getTime();

interface Plan extends TDemoPlan {
  /** Per kind, the ids that go (what the removal deletes). */
  ids: Record<DemoKind, number[]>;
}

/**
 * What 'Remove demo data' does now: every seeded row that still exists either goes or stays
 * with its reasons. THE RULE, in one place:
 *
 * A demo contest stays when, since the seed, anyone joined it (a participant row the seed did
 * not write), scores were entered in it (score history), a match of its bracket changed (a
 * result, a time), a payment proof names it, or it was
 * edited (its updatedAt moved off its createdAt, which every edit, status change and feature
 * toggle sets; or the audit log names it).
 *
 * A demo member stays when they signed in (a last sign-in or a session), their account was
 * changed (an audited admin action on it, a password other than the seed's, a role other than
 * member, profile fields filled), they paid or reviewed a payment, created or wrote anything
 * (contests, education items, uploads, scores entered, audited actions), set a payout method,
 * saved an item, joined a contest the seed did not put them in, had scores entered, or sit on
 * the leaderboard of a contest that stays.
 *
 * A demo education item stays when it was edited or re-imported (updatedAt, the audit log, a
 * WordPress origin) or a member saved it.
 *
 * Everything else the seed wrote goes: the contests with their seeded leaderboard entries, the
 * members, the items. A row the seed did not write is never removed.
 */
/** The rows the seed recorded of one table that are still there, in id order. */
async function recordedRows<Fields extends SelectedFields>(
  db: DbOrTx,
  table: typeof contests | typeof users | typeof educationContent,
  ids: number[],
  fields: Fields,
) {
  return ids.length ? rowsInIdOrder(db, table, fields, inArray(table.id, ids)) : [];
}

export async function demoPlan({ db }: { db: DbOrTx }): Promise<Plan> {
  const recorded = await recordedIds(db);
  const seededEntries = new Set(recorded.contest_participants);
  const memberIds = recorded.users;

  const contestRows = await recordedRows(db, contests, recorded.contests, {
    id: contests.id,
    title: contests.title,
    createdAt: contests.createdAt,
    updatedAt: contests.updatedAt,
  });
  const memberRows = await recordedRows(db, users, memberIds, {
    id: users.id,
    username: users.username,
    role: users.role,
    password: users.password,
    mustChangePassword: users.mustChangePassword,
    lastLoginAt: users.lastLoginAt,
    fullName: users.fullName,
    phone: users.phone,
    profileImage: users.profileImage,
    banReason: users.banReason,
  });
  const educationRows = await recordedRows(db, educationContent, recorded.education_content, {
    id: educationContent.id,
    title: educationContent.title,
    source: educationContent.source,
    wpId: educationContent.wpId,
    createdAt: educationContent.createdAt,
    updatedAt: educationContent.updatedAt,
  });
  const contestIds = contestRows.map((c) => c.id);
  const liveMemberIds = memberRows.map((m) => m.id);
  const educationIds = educationRows.map((e) => e.id);

  // Every leaderboard entry of a demo contest or of a demo member, with names for the reasons.
  const entries =
    contestIds.length || liveMemberIds.length
      ? await db
          .select({
            id: cp.id,
            contestId: cp.contestId,
            userId: cp.userId,
            username: users.username,
            title: contests.title,
          })
          .from(cp)
          .innerJoin(users, eq(users.id, cp.userId))
          .innerJoin(contests, eq(contests.id, cp.contestId))
          .where(
            or(
              contestIds.length ? inArray(cp.contestId, contestIds) : undefined,
              liveMemberIds.length ? inArray(cp.userId, liveMemberIds) : undefined,
            ),
          )
          .orderBy(asc(cp.id))
      : [];

  const [
    proofsFor,
    historyOf,
    matchesOf,
    contestAudits,
    proofsBy,
    reviewsBy,
    scoresOf,
    scoresBy,
    sessionsOf,
    payoutOf,
    uploadsBy,
    savesBy,
    authoredBy,
    createdBy,
    actionsBy,
    memberAudits,
    savesOf,
    educationAudits,
  ] = [
    await countBy(db, paymentProofs.contestId, contestIds),
    await countBy(db, scoreHistory.contestId, contestIds),
    await changedMatches(db, contestIds),
    // Scores are their own reason; every other audited action on a contest is an edit.
    await auditedActions(db, 'contest', contestIds, ['contest.scores']),
    await countBy(db, paymentProofs.userId, liveMemberIds),
    await countBy(db, paymentProofs.reviewerId, liveMemberIds),
    await countBy(db, scoreHistory.userId, liveMemberIds),
    await countBy(db, scoreHistory.changedBy, liveMemberIds),
    await countBy(db, sessions.userId, liveMemberIds),
    await countBy(db, payoutMethods.userId, liveMemberIds),
    await countBy(db, uploads.ownerId, liveMemberIds),
    await countBy(db, educationSaved.userId, liveMemberIds),
    await countBy(db, educationContent.authorId, liveMemberIds),
    await countBy(db, contests.createdBy, liveMemberIds),
    await countBy(db, auditLog.actorId, liveMemberIds),
    await auditedActions(db, 'user', liveMemberIds),
    await countBy(db, educationSaved.contentId, educationIds),
    await auditedActions(db, 'education', educationIds),
  ];

  const keep: TDemoKeptRow[] = [];
  const remove: TDemoRow[] = [];
  const ids: Plan['ids'] = { contest: [], member: [], education: [] };

  // Contests first: a member on the leaderboard of a contest that stays stays too.
  const keptContests = new Set<number>();
  for (const c of contestRows) {
    const reasons: string[] = [];
    const joiners = entries.filter((e) => e.contestId === c.id && !seededEntries.has(e.id));
    if (joiners.length) reasons.push(`Joined by ${someOf(joiners.map((e) => e.username))}`);
    const history = historyOf.get(c.id) ?? 0;
    if (history) reasons.push(`Scores entered (${plural(history, 'change')})`);
    const matches = matchesOf.get(c.id) ?? 0;
    if (matches) reasons.push(`Bracket changed (${plural(matches, 'match', 'matches')})`);
    const proofs = proofsFor.get(c.id) ?? 0;
    if (proofs) reasons.push(`${plural(proofs, 'payment proof')} submitted for it`);
    const audited = contestAudits.get(c.id);
    if (audited) reasons.push(`Edited after it was seeded (${audited.join(', ')})`);
    else if (!sameTime(c.createdAt, c.updatedAt)) reasons.push('Edited after it was seeded');
    const row = { kind: 'contest' as const, id: c.id, name: c.title };
    if (reasons.length) {
      keep.push({ ...row, reasons });
      keptContests.add(c.id);
    } else {
      remove.push(row);
      ids.contest.push(c.id);
    }
  }

  for (const m of memberRows) {
    const reasons: string[] = [];
    const n = (map: Map<number, number>) => map.get(m.id) ?? 0;
    if (m.lastLoginAt || n(sessionsOf)) reasons.push('Signed in');
    const audited = memberAudits.get(m.id);
    if (audited) reasons.push(`Changed by an admin (${audited.join(', ')})`);
    else if (
      m.password !== DEMO_NO_PASSWORD ||
      m.mustChangePassword ||
      m.role !== 'user' ||
      m.banReason ||
      m.fullName ||
      m.phone ||
      m.profileImage
    ) {
      reasons.push('Account edited after it was seeded');
    }
    if (n(proofsBy)) reasons.push(`Submitted ${plural(n(proofsBy), 'payment proof')}`);
    if (n(reviewsBy)) reasons.push(`Reviewed ${plural(n(reviewsBy), 'payment proof')}`);
    if (n(createdBy)) reasons.push(`Created ${plural(n(createdBy), 'contest')}`);
    if (n(authoredBy)) reasons.push(`Wrote ${plural(n(authoredBy), 'education item')}`);
    if (n(uploadsBy)) reasons.push(`Uploaded ${plural(n(uploadsBy), 'file')}`);
    if (n(scoresBy)) reasons.push('Entered scores');
    if (n(actionsBy)) reasons.push(`Made ${plural(n(actionsBy), 'audited change')}`);
    if (n(payoutOf)) reasons.push('Set a payout method');
    if (n(savesBy)) reasons.push(`Saved ${plural(n(savesBy), 'education item')}`);
    const own = entries.filter((e) => e.userId === m.id);
    const joined = own.filter((e) => !seededEntries.has(e.id));
    if (joined.length) reasons.push(`Joined ${someOf(joined.map((e) => e.title))}`);
    if (n(scoresOf)) reasons.push(`Has scores entered (${plural(n(scoresOf), 'change')})`);
    const onKept = own.filter((e) => seededEntries.has(e.id) && keptContests.has(e.contestId));
    if (onKept.length) {
      reasons.push(`On the leaderboard of ${someOf(onKept.map((e) => e.title))}, which stays`);
    }
    const row = { kind: 'member' as const, id: m.id, name: m.username };
    if (reasons.length) keep.push({ ...row, reasons });
    else {
      remove.push(row);
      ids.member.push(m.id);
    }
  }

  for (const e of educationRows) {
    const reasons: string[] = [];
    const audited = educationAudits.get(e.id);
    if (audited) reasons.push(`Edited after it was seeded (${audited.join(', ')})`);
    else if (!sameTime(e.createdAt, e.updatedAt) || e.source !== 'local' || e.wpId !== null) {
      reasons.push('Edited after it was seeded');
    }
    const saves = savesOf.get(e.id) ?? 0;
    if (saves) reasons.push(`Saved by ${plural(saves, 'member')}`);
    const row = { kind: 'education' as const, id: e.id, name: e.title };
    if (reasons.length) keep.push({ ...row, reasons });
    else {
      remove.push(row);
      ids.education.push(e.id);
    }
  }

  const removedContests = new Set(ids.contest);
  const goingEntries = entries.filter((e) => removedContests.has(e.contestId)).length;
  const token = crypto
    .createHash('sha256')
    .update(
      JSON.stringify({
        remove: remove.map((r) => `${r.kind}:${r.id}`),
        keep: keep.map((r) => `${r.kind}:${r.id}`),
        entries: goingEntries,
      }),
    )
    .digest('hex')
    .slice(0, 32);
  return { remove, entries: goingEntries, keep, token, ids };
}
