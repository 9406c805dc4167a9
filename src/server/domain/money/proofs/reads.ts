// Reading payment proofs: a member's own, and the reviewers' queue, each with its explorer link.
import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../../platform/db/client';
import { countRows, onePage } from '../../../platform/db/pages';
import { contests, paymentProofs, teamMembers, teams, users } from '../../../platform/db/schema';
import { explorerLink, type PaymentPurpose, type ProofStatus } from '../../../../shared/payments';
import { periodFromDays, type PlanPeriod } from '../../../../shared/subscriptions';
import type { TPaymentProof, TReviewProof } from '../../../../shared/schemas/payments';
import type { PaymentNetwork, TPaymentConfig } from '../../../../shared/schemas/settings';
import type { Actor } from '../../../platform/actor';
import { getPaymentConfig } from '../../settings';

const memberColumns = {
  id: paymentProofs.id,
  purpose: paymentProofs.purpose,
  contestId: paymentProofs.contestId,
  // The title as it is now, or as it was when paid once the contest is gone.
  contestTitle: sql<string | null>`coalesce(${contests.title}, ${paymentProofs.contestTitle})`,
  contestSlug: contests.slug,
  tier: paymentProofs.tier,
  periodDays: paymentProofs.periodDays,
  network: paymentProofs.network,
  walletAddress: paymentProofs.walletAddress,
  txHash: paymentProofs.txHash,
  senderAddress: paymentProofs.senderAddress,
  notes: paymentProofs.notes,
  proofFile: paymentProofs.proofFile,
  amountUsd: paymentProofs.amountUsd,
  amountCoin: paymentProofs.amountCoin,
  creditUsd: paymentProofs.creditUsd,
  status: paymentProofs.status,
  reason: paymentProofs.reason,
  reviewedAt: paymentProofs.reviewedAt,
  createdAt: paymentProofs.createdAt,
};

const reviewColumns = {
  ...memberColumns,
  userId: paymentProofs.userId,
  // Null once the account is deleted: the client shows 'Deleted user'.
  username: users.username,
  submittedAs: paymentProofs.username,
  reviewerName: paymentProofs.reviewerName,
  // The team the payer belongs to in that contest: its fee is the team's, not theirs alone.
  teamName: sql<string | null>`(select ${teams.name} from ${teams} inner join ${teamMembers}
    on ${teamMembers.teamId} = ${teams.id}
    where ${teams.contestId} = ${paymentProofs.contestId}
      and ${teamMembers.userId} = ${paymentProofs.userId} and ${teamMembers.state} = 'member'
    limit 1)`,
};

type StoredProof = {
  network: PaymentNetwork;
  txHash: string;
  purpose: PaymentPurpose;
  periodDays: number | null;
};

/**
 * Each proof as answered: with its network's block-explorer link (the payment settings'
 * template), and an upgrade's stored days as its plan period (null days: 'lifetime').
 */
export function withExplorer<T extends StoredProof>(
  config: TPaymentConfig,
  rows: T[],
): (Omit<T, 'periodDays'> & { explorerUrl: string | null; periodDays: PlanPeriod | null })[] {
  return rows.map((row) => ({
    ...row,
    periodDays: row.purpose === 'tier_upgrade' ? periodFromDays(row.periodDays) : null,
    explorerUrl: explorerLink(config.networks[row.network].explorerUrl, row.network, row.txHash),
  }));
}

export function memberProofs(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(memberColumns)
    .from(paymentProofs)
    .leftJoin(contests, eq(contests.id, paymentProofs.contestId))
    .where(where);
}

export async function proofById(db: DB, id: number): Promise<TPaymentProof | undefined> {
  const [row] = await memberProofs(db, eq(paymentProofs.id, id));
  return row ? withExplorer(await getPaymentConfig({ db }), [row])[0] : undefined;
}

/** The caller's own proofs, newest first (Account Settings, the payment page). */
export async function listMyProofs({
  db,
  actor,
  page,
  pageSize,
}: {
  db: DB;
  actor: Pick<Actor, 'id'>;
  page: number;
  pageSize: number;
}): Promise<{ items: TPaymentProof[]; total: number; page: number; pageSize: number }> {
  const mine = eq(paymentProofs.userId, actor.id);
  const query = memberProofs(db, mine)
    .orderBy(desc(paymentProofs.createdAt), desc(paymentProofs.id))
    .$dynamic();
  const rows = await onePage(query, { page, pageSize });
  const items = withExplorer(await getPaymentConfig({ db }), rows);
  const total = await countRows(db, paymentProofs, mine);
  return { items, total, page, pageSize };
}

/** The reviewers' queue: pending proofs oldest first; reviewed ones newest first. */
export async function listProofQueue({
  db,
  status,
  page,
  pageSize,
}: {
  db: DB;
  status: ProofStatus;
  page: number;
  pageSize: number;
}): Promise<{ items: TReviewProof[]; total: number; page: number; pageSize: number }> {
  const where = eq(paymentProofs.status, status);
  const order =
    status === 'pending'
      ? [asc(paymentProofs.createdAt), asc(paymentProofs.id)]
      : [desc(paymentProofs.createdAt), desc(paymentProofs.id)];
  const query = db
    .select(reviewColumns)
    .from(paymentProofs)
    .leftJoin(contests, eq(contests.id, paymentProofs.contestId))
    .leftJoin(users, eq(users.id, paymentProofs.userId))
    .where(where)
    .orderBy(...order)
    .$dynamic();
  const rows = await onePage(query, { page, pageSize });
  const items = withExplorer(await getPaymentConfig({ db }), rows);
  const total = await countRows(db, paymentProofs, where);
  return { items, total, page, pageSize };
}

export async function listProofById(db: DB, id: number): Promise<TReviewProof> {
  const [row] = await db
    .select(reviewColumns)
    .from(paymentProofs)
    .leftJoin(contests, eq(contests.id, paymentProofs.contestId))
    .leftJoin(users, eq(users.id, paymentProofs.userId))
    .where(eq(paymentProofs.id, id));
  return withExplorer(await getPaymentConfig({ db }), [row!])[0]!;
}
