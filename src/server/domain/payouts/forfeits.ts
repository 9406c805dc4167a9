// A forfeited prize (issue 30 'Payouts'): the organiser decides whether it passes to the next
// place. TO BE BUILT (helper): see decideForfeit.
import type { DbOrTx } from '../../platform/db/client';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import type { TForfeitDecision, TForfeitDecisionInput } from '../../../shared/schemas/payouts';

/** The organiser's decision on a forfeited line. */
export async function decideForfeit(
  _tx: DbOrTx,
  _actor: Actor,
  _input: TForfeitDecisionInput,
): Promise<TForfeitDecision> {
  throw new AppError('NOT_FOUND', 'Payout not found');
}
