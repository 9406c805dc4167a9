// Why a payment is refused: the payment page's own reasons with their statuses, and the join
// rule's reasons (who may pay an entry fee is the join rule's to say) carried over as they are.
import type { Tier } from '../../../../shared/constants';
import { JOIN_REFUSALS, type JoinRefusal } from '../../../../shared/participation';
import { PAYMENT_MESSAGES as M, type PaymentRefusal } from '../../../../shared/payments';
import { refusalError as joinRefusalError, type JoinRefusalInfo } from '../../participation';
import { AppError, type AppErrorCode } from '../../../platform/errors';

type OwnRefusal = Exclude<PaymentRefusal, JoinRefusal>;

const REFUSAL_CODES: Record<OwnRefusal, AppErrorCode> = {
  free_contest: 'BAD_REQUEST',
  tier_not_higher: 'BAD_REQUEST',
  no_price: 'BAD_REQUEST',
  network_not_set_up: 'BAD_REQUEST',
  already_verified: 'CONFLICT',
  proof_pending: 'CONFLICT',
  tx_hash_used: 'CONFLICT',
};

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
  return new AppError(REFUSAL_CODES[refusal.reason], refusal.message, {
    reason: refusal.reason,
  });
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
