// Why a payment is refused: the payment page's own reasons, and the join rule's reasons (who may
// pay an entry fee is the join rule's to say) carried over as they are. Every reason's code is
// the one table's (platform/refusals.ts).
import type { Tier } from '../../../../shared/constants';
import { JOIN_REFUSALS, type JoinRefusal } from '../../../../shared/participation';
import { PAYMENT_MESSAGES as M, type PaymentRefusal } from '../../../../shared/payments';
import { refusalError as joinRefusalError, type JoinRefusalInfo } from '../../participation';
import { AppError } from '../../../platform/errors';

type OwnRefusal = Exclude<PaymentRefusal, JoinRefusal>;

export interface Refusal {
  reason: PaymentRefusal;
  message: string;
  requiredTier?: Tier;
}

export function refuse(reason: OwnRefusal, message: string = M[reason as keyof typeof M]): Refusal {
  return { reason, message };
}

function isJoinRefusal(reason: PaymentRefusal): reason is Exclude<JoinRefusal, 'fee_unverified'> {
  return (JOIN_REFUSALS as readonly string[]).includes(reason);
}

/** A join rule's refusal keeps the join's code (403 tier, 409 full, ...) on this path too. */
export function refusalError(refusal: Refusal): AppError {
  if (isJoinRefusal(refusal.reason)) {
    return joinRefusalError({ ...refusal, reason: refusal.reason });
  }
  return new AppError(refusal.reason, refusal.message);
}

/** A join refusal as the payment page reports it (the fee itself is what is being paid). */
export function fromJoin(info: JoinRefusalInfo): Refusal {
  if (info.reason === 'fee_unverified') throw new Error('the fee is being paid');
  return {
    reason: info.reason,
    message: info.message,
    ...(info.requiredTier ? { requiredTier: info.requiredTier } : {}),
  };
}
