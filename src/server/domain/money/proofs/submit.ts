// 'Submit Payment Proof' (SPEC 2.12): a member's proof, stored as pending.
import { eq } from 'drizzle-orm';
import { paymentProofs, users } from '../../../platform/db/schema';
import { PAYMENT_MESSAGES as M, coinAmount, normalizeTxHash } from '../../../../shared/payments';
import type { TSentProof, TSubmitProofInput } from '../../../../shared/schemas/payments';
import type { PaymentNetwork } from '../../../../shared/schemas/settings';
import type { ActionWithInput } from '../../../platform/actor';
import { getPaymentConfig } from '../../settings';
import { announcePaymentChanges } from '../../../platform/events';
import { assertOwnUpload } from '../../../platform/files/uploads';
import { isUniqueViolation, lockForUpdate } from '../../../platform/db/dialect';
import { refuse, refusalError } from './refusals';
import { proofById } from './reads';
import { periodToDays } from '../../../../shared/subscriptions';
import { hasProof, resolveTarget } from './targets';

/**
 * 'Submit Payment Proof': stored as pending, with the amounts the server computes and the hash
 * in its normalised form, which no other proof on any network may carry (one transaction pays
 * once). An entry fee is refused for whatever a join would be refused for. An upgrade's credit
 * (issue 33) is computed now and kept, as its price is; a downgrade's answer says when it starts.
 */
export async function submitProof({
  db,
  actor,
  input,
  now = Date.now(),
}: ActionWithInput<TSubmitProofInput> & {
  now?: number;
}): Promise<TSentProof> {
  const network: PaymentNetwork = input.network;
  const txHash = normalizeTxHash(network, input.txHash);
  let id: number;
  let startsAt: Date | null = null;
  try {
    id = await db.transaction(
      async (tx) => {
        if (input.proofFile) {
          await assertOwnUpload({
            db: tx,
            actor,
            url: input.proofFile,
            purposes: ['proof'],
            mimes: ['image/png', 'image/jpeg', 'application/pdf'],
            message: M.proofFile,
          });
        }
        // Inside the write lock (and the member's row lock on PostgreSQL): two proofs sent at
        // once cannot both pass these checks.
        await lockForUpdate(tx, users, eq(users.id, actor.id));
        const target = await resolveTarget(tx, actor, input, now);
        if (target.refusal) throw refusalError(target.refusal);
        const { address, rate } = (await getPaymentConfig({ db: tx })).networks[network];
        if (!address) throw refusalError(refuse('network_not_set_up'));
        if (await hasProof(tx, eq(paymentProofs.txHash, txHash))) {
          throw refusalError(refuse('tx_hash_used'));
        }
        const [inserted] = await tx
          .insert(paymentProofs)
          .values({
            userId: actor.id,
            username: actor.username,
            purpose: target.purpose,
            contestId: target.contest?.id ?? null,
            contestTitle: target.contest?.title ?? null,
            tier: target.tier,
            // The plan's days (null: no end); its price is amountUsd, kept whatever the settings
            // say by the time it is reviewed.
            periodDays: target.period === null ? null : periodToDays(target.period),
            network,
            walletAddress: address,
            txHash,
            senderAddress: input.senderAddress,
            notes: input.notes,
            proofFile: input.proofFile,
            // An upgrade's price after its credit (issue 33), the credit kept beside it.
            amountUsd: target.amountUsd,
            creditUsd: target.creditUsd,
            amountCoin: coinAmount(target.amountUsd, rate),
            rate,
            createdAt: new Date(now),
          })
          .returning({ id: paymentProofs.id });
        // Heard by the member's open pages once this commits.
        await announcePaymentChanges({ db: tx, userId: actor.id });
        startsAt = target.startsAt;
        return inserted!.id;
      },
      { behavior: 'immediate' },
    );
  } catch (error) {
    // The unique index is the last word on a hash used twice (another process, say).
    if (isUniqueViolation(error)) throw refusalError(refuse('tx_hash_used'));
    throw error;
  }
  return { ...(await proofById(db, id))!, startsAt };
}
