// An admin's steps on a payout line (approved, sent, failed, forfeited) and the winner's receipt.
// Each write is a conditional UPDATE on the status the step was checked against, so of two
// concurrent 'sent' calls exactly one succeeds and the other is refused (409 already_sent); the
// unique index on tx_hash is the last word on a hash recorded twice.
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { contests, payouts } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { isUniqueViolation } from '../../platform/db/dialect';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../audit';
import { getPlatformSettings } from '../settings';
import { normalizeTxHash, type PaymentNetwork } from '../../../shared/payments';
import {
  PAYOUT_MESSAGES,
  mayTakeStep,
  type PayoutAdminStep,
  type PayoutStatus,
} from '../../../shared/payouts';
import type { TPayout, TUpdatePayoutInput } from '../../../shared/schemas/payouts';
import { payoutById } from './rows';
import { noticeLineColumns, tellOrganiserOfForfeit, tellStep } from './notices';
import { isAdmin } from './list';

type StoredLine = Awaited<ReturnType<typeof storedLine>>;

/** The stored line (with its contest's slug, for the winner's link), or a 404. */
async function storedLine(tx: DbOrTx, id: number) {
  const [line] = await tx
    .select({
      id: payouts.id,
      ...noticeLineColumns,
      status: payouts.status,
      method: payouts.method,
      approvedBy: payouts.approvedBy,
    })
    .from(payouts)
    .leftJoin(contests, eq(contests.id, payouts.contestId))
    .where(eq(payouts.id, id));
  if (!line) throw new AppError('NOT_FOUND', PAYOUT_MESSAGES.notFound);
  return line;
}

const isSent = (status: PayoutStatus) => status === 'sent' || status === 'confirmed';

/** Refuses a step the line's status does not allow: a second 'sent' is already_sent. */
function assertStep(step: PayoutAdminStep, status: PayoutStatus): void {
  if (step === 'sent' && isSent(status)) {
    throw new AppError('already_sent', PAYOUT_MESSAGES.already_sent);
  }
  if (!mayTakeStep(step, status)) {
    throw new AppError('wrong_status', PAYOUT_MESSAGES.wrong_status(status, step));
  }
}

/** What marking the line sent records: a crypto line's network and normalised hash, else a reference. */
async function sentRecord(
  tx: DbOrTx,
  line: StoredLine,
  input: TUpdatePayoutInput,
): Promise<{ network: PaymentNetwork | null; txHash: string | null; reference: string | null }> {
  const reference = input.reference ?? '';
  if (line.method?.paymentMethod !== 'crypto') {
    return { network: null, txHash: null, reference };
  }
  if (!input.network) {
    throw new AppError('BAD_REQUEST', PAYOUT_MESSAGES.networkRequired, {
      details: { field: 'network' },
    });
  }
  const txHash = normalizeTxHash(input.network, reference);
  const [used] = await tx
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.txHash, txHash), ne(payouts.id, line.id)))
    .limit(1);
  if (used) throw new AppError('tx_hash_used', PAYOUT_MESSAGES.tx_hash_used);
  return { network: input.network, txHash, reference: null };
}

/** The columns a step sets beside the status. */
async function stepChanges(tx: DbOrTx, actor: Actor, line: StoredLine, input: TUpdatePayoutInput) {
  const now = new Date();
  switch (input.status) {
    case 'approved':
      // A new attempt after a failure starts clean: the failed attempt stays in the audit log.
      return {
        approvedBy: actor.id,
        approvedByName: actor.username,
        approvedAt: now,
        reason: null,
        network: null,
        txHash: null,
        reference: null,
        sentBy: null,
        sentByName: null,
        sentAt: null,
      };
    case 'sent': {
      const oneAdmin = (await getPlatformSettings({ db: tx })).payoutsOneAdmin;
      if (line.approvedBy === actor.id && !oneAdmin) {
        throw new AppError('same_admin', PAYOUT_MESSAGES.same_admin);
      }
      return {
        ...(await sentRecord(tx, line, input)),
        sentBy: actor.id,
        sentByName: actor.username,
        sentAt: now,
      };
    }
    case 'failed':
      return { reason: input.reason ?? null };
    case 'forfeited':
      return { reason: input.reason || null };
  }
}

/** What the winner hears of a step: '2nd place, 300 USDT in …: sent, tx 0x…'. */
function stepWords(payout: TPayout): { title: string; what: string } {
  switch (payout.status) {
    case 'approved':
      return { title: 'Your prize was approved', what: 'approved, it will be sent soon.' };
    case 'sent':
      return {
        title: 'Your prize was sent',
        what: `sent, ${payout.network ? 'tx' : 'reference'} ${payout.reference ?? ''}`.trim(),
      };
    case 'failed':
      return { title: 'Your prize payout failed', what: `failed: ${payout.reason ?? ''}`.trim() };
    default:
      return {
        title: 'Your prize was forfeited',
        what: `forfeited${payout.reason ? `: ${payout.reason}` : '.'}`,
      };
  }
}

/** An admin's step on a line (approved, sent, failed, forfeited); audited, the winner told. */
export async function updatePayout(
  tx: DbOrTx,
  actor: Actor,
  input: TUpdatePayoutInput,
): Promise<TPayout> {
  const line = await storedLine(tx, input.id);
  assertStep(input.status, line.status);
  const changes = await stepChanges(tx, actor, line, input);
  let done: { id: number }[];
  try {
    done = await tx
      .update(payouts)
      .set({ ...changes, status: input.status, updatedAt: new Date() })
      .where(and(eq(payouts.id, line.id), eq(payouts.status, line.status)))
      .returning({ id: payouts.id });
  } catch (error) {
    // Another line took this hash between the check and the write.
    if (isUniqueViolation(error)) {
      throw new AppError('tx_hash_used', PAYOUT_MESSAGES.tx_hash_used);
    }
    throw error;
  }
  // Another call moved the line first: its status now says why this one is refused.
  if (!done.length) assertStep(input.status, (await storedLine(tx, line.id)).status);
  const payout = (await payoutById(tx, line.id, true))!;
  await writeAudit({
    db: tx,
    actor,
    action: `payout.${input.status}`,
    targetType: 'payout',
    targetId: line.id,
    before: { status: line.status },
    after: {
      status: payout.status,
      network: payout.network,
      reference: payout.reference,
      reason: payout.reason,
    },
  });
  await tellStep(tx, line, stepWords(payout), { origin: actor.origin });
  if (payout.status === 'forfeited') {
    await tellOrganiserOfForfeit(tx, line.id, { origin: actor.origin });
  }
  return payout;
}

/** The winner confirms a sent payout arrived. */
export async function confirmPayoutReceived(
  tx: DbOrTx,
  actor: Actor,
  { id }: { id: number },
): Promise<TPayout> {
  const line = await storedLine(tx, id);
  if (line.userId !== actor.id) throw new AppError('FORBIDDEN', PAYOUT_MESSAGES.notYours);
  const now = new Date();
  const done = await tx
    .update(payouts)
    .set({ status: 'confirmed', confirmedAt: now, updatedAt: now })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'sent')))
    .returning({ id: payouts.id });
  if (!done.length) throw new AppError('not_sent', PAYOUT_MESSAGES.notSent);
  await writeAudit({
    db: tx,
    actor,
    action: 'payout.confirmed',
    targetType: 'payout',
    targetId: id,
    before: { status: 'sent' },
    after: { status: 'confirmed' },
  });
  return (await payoutById(tx, id, isAdmin(actor)))!;
}
