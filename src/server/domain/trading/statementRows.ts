// A statement row as every read answers it (issue 34), and the one condition saying which rows a
// viewer may read: a contest's organiser (its creator, moderators, admins) every row of a contest
// they may see, a trader their entrant's rows only. The condition is in the query: a row the
// viewer may not read is not found (404), never read and then refused.
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import {
  contestParticipants as cp,
  contests,
  teams,
  tradingStatements as ts,
  users,
} from '../../platform/db/schema';
import type { Viewer } from '../contests';
import { contestVisibleTo } from '../contests';
import { entrantRows } from '../participation';
import { isReviewerRole } from '../../../shared/contests';
import type { TStatementView } from '../../../shared/schemas/trading';
import { groupExcluded } from './excludedGroups';

// The entrant's own member (a team's captain row names the team instead): one users join is the
// uploader's, so the trader's name is a subquery.
const traderName = sql<string>`(SELECT u2.username FROM users u2 WHERE u2.id = ${cp.userId})`;

/** Whether the row is its entrant's latest upload (the one that counts). */
export const isLatest = sql<
  boolean | number
>`(${ts.id} = (SELECT MAX(t2.id) FROM trading_statements t2 WHERE t2.participant_id = ${ts.participantId}))`;

const columns = {
  id: ts.id,
  contestId: ts.contestId,
  participantId: ts.participantId,
  teamName: teams.name,
  traderName,
  uploadedBy: users.username,
  fileName: ts.fileName,
  sizeBytes: ts.sizeBytes,
  format: ts.format,
  accountNumber: ts.accountNumber,
  accountServer: ts.accountServer,
  currency: ts.currency,
  ownerName: ts.ownerName,
  coversFrom: ts.coversFrom,
  coversTo: ts.coversTo,
  figures: ts.figures,
  breaches: ts.breaches,
  excluded: ts.excluded,
  ownership: ts.ownership,
  flags: ts.flags,
  status: ts.status,
  reason: ts.reason,
  latest: isLatest,
  createdAt: ts.createdAt,
  storedFile: ts.storedFile,
};

/** The rows `viewer` may read (organiser of the contest, or a trader of the entrant). */
export function readableBy(viewer: Viewer): SQL {
  const organiser = isReviewerRole(viewer.role) ? sql`1 = 1` : eq(contests.createdBy, viewer.id);
  return and(
    contestVisibleTo(viewer),
    or(organiser, entrantRows(sql`${ts.contestId}`, viewer.id)),
  )!;
}

/** Statement rows with what their view needs, joined; the caller adds the where and order. */
export function selectStatements(db: DbOrTx) {
  return db
    .select(columns)
    .from(ts)
    .innerJoin(contests, eq(contests.id, ts.contestId))
    .innerJoin(cp, eq(cp.id, ts.participantId))
    .innerJoin(users, eq(users.id, ts.userId))
    .leftJoin(teams, eq(teams.id, cp.teamId));
}

export type StatementRow = Awaited<
  ReturnType<ReturnType<typeof selectStatements>['execute']>
>[number];

export function presentStatement(row: StatementRow): TStatementView {
  return {
    id: row.id,
    contestId: row.contestId,
    participantId: row.participantId,
    entrantName: row.teamName ?? row.traderName,
    uploadedBy: row.uploadedBy,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    format: row.format,
    account: {
      number: row.accountNumber,
      server: row.accountServer,
      currency: row.currency,
      name: row.ownerName,
    },
    covers: {
      from: row.coversFrom?.toISOString() ?? null,
      to: row.coversTo?.toISOString() ?? null,
    },
    figures: row.figures,
    breaches: row.breaches,
    excluded: groupExcluded(row.excluded),
    ownership: row.ownership,
    flags: row.flags,
    status: row.status,
    reason: row.reason,
    latest: !!Number(row.latest),
    createdAt: row.createdAt,
  };
}
