// Each entrant's latest statement of a contest, in one statement: the one that counts (a later
// upload replaces it, whatever its status). Read for the board (with the viewer's row access in
// the where, as every read of a contest's rows puts it) and for the places (no viewer: the
// server's own write).
import { aliasedTable, and, asc, eq, gt, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import {
  contestParticipants as cp,
  contests,
  teams,
  tradingStatements as ts,
  users,
} from '../../../platform/db/schema';

const later = aliasedTable(ts, 'later_statement');

/** The statement (a row of `ts`) is its entrant's latest: no later upload of the same entrant. */
export function isLatest(db: DbOrTx): SQL {
  return notExists(
    db
      .select({ one: sql`1` })
      .from(later)
      .where(
        and(
          eq(later.contestId, ts.contestId),
          eq(later.participantId, ts.participantId),
          or(
            gt(later.createdAt, ts.createdAt),
            and(eq(later.createdAt, ts.createdAt), gt(later.id, ts.id)),
          ),
        ),
      ),
  );
}

/**
 * The latest statement of each entrant that is not rejected (a rejected latest one leaves the
 * entrant off the board until they upload again); `visible`: contestVisibleTo's condition.
 */
export function latestStatements(db: DbOrTx, contestId: number, visible?: SQL) {
  return (
    db
      .select({
        statementId: ts.id,
        participantId: ts.participantId,
        username: users.username,
        teamName: teams.name,
        status: ts.status,
        figures: ts.figures,
        breaches: ts.breaches,
        curve: ts.curve,
        uploadedAt: ts.createdAt,
      })
      .from(ts)
      .innerJoin(contests, eq(contests.id, ts.contestId))
      .innerJoin(cp, eq(cp.id, ts.participantId))
      .innerJoin(users, eq(users.id, cp.userId))
      .leftJoin(teams, eq(teams.id, cp.teamId))
      .where(
        and(eq(ts.contestId, contestId), visible, sql`${ts.status} <> 'rejected'`, isLatest(db)),
      )
      // In upload order: the board's sort is stable, so rows tied on every tie-break (the same
      // second included) keep this order on both engines.
      .orderBy(asc(ts.id))
  );
}

export type LatestStatement = Awaited<ReturnType<typeof latestStatements>>[number];
