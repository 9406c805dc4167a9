// Crypto payments (PRODUCT.md 'Money', SPEC 2.12, 5, 9): what a proof is for, its states, the
// amounts as both sides compute them, and the words of each refusal.
import { TIER_LABELS, type Tier } from './constants';
import type { PaymentNetwork } from './schemas/settings';

export { PAYMENT_NETWORKS, type PaymentNetwork } from './schemas/settings';

export const PAYMENT_PURPOSES = ['entry_fee', 'tier_upgrade'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

export const PROOF_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type ProofStatus = (typeof PROOF_STATUSES)[number];

/** What a reviewer may turn a pending proof into. */
export const REVIEW_STATUSES = ['verified', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The tiers a member can pay for (free costs nothing). */
export const PAID_TIERS = ['standard', 'pro', 'elite'] as const;
export type PaidTier = (typeof PAID_TIERS)[number];

export const NETWORK_NAMES: Record<PaymentNetwork, string> = {
  ETH: 'Ethereum',
  BTC: 'Bitcoin',
  SOL: 'Solana',
  MATIC: 'Polygon',
  TRX: 'Tron',
  BNB: 'BNB Smart Chain',
};

export const PURPOSE_LABELS: Record<PaymentPurpose, string> = {
  entry_fee: 'Entry fee',
  tier_upgrade: 'Tier upgrade',
};

export const PROOF_STATUS_LABELS: Record<ProofStatus, string> = {
  pending: 'Pending review',
  verified: 'Verified',
  rejected: 'Rejected',
};

/** How a proof whose member's account was deleted names them (PRODUCT.md 'Money'). */
export const DELETED_USER_LABEL = 'Deleted user';

export const PAYMENT_LIMITS = {
  txHashMin: 10,
  txHashMax: 200,
  senderAddressMin: 20,
  senderAddressMax: 200,
  notesMax: 1000,
  reasonMax: 500,
} as const;

/**
 * Why a payment is refused (error `data.reason`; `payments.options` reports the same as
 * `refusal` before the member pays):
 * - free_contest: the contest has no entry fee; tier_not_higher: the member already has that
 *   tier or a higher one; no_price: the tier costs nothing;
 * - closed: the contest no longer takes members; already_joined: the member takes part already;
 * - already_verified: a verified proof already covers it; proof_pending: one awaits review;
 * - network_not_set_up: no wallet address for that network; tx_hash_used: that transaction
 *   hash was already sent on that network.
 */
export const PAYMENT_REFUSALS = [
  'free_contest',
  'tier_not_higher',
  'no_price',
  'closed',
  'already_joined',
  'already_verified',
  'proof_pending',
  'network_not_set_up',
  'tx_hash_used',
] as const;
export type PaymentRefusal = (typeof PAYMENT_REFUSALS)[number];

/** SPEC 5's messages word for word, and the server's own refusals. */
export const PAYMENT_MESSAGES = {
  txHash: 'Transaction hash must be at least 10 characters.',
  txHashMax: `Transaction hash must be at most ${PAYMENT_LIMITS.txHashMax} characters.`,
  txHashChars: 'Transaction hash may contain only letters and digits.',
  senderAddress: 'Sender address must be at least 20 characters.',
  senderAddressMax: `Sender address must be at most ${PAYMENT_LIMITS.senderAddressMax} characters.`,
  senderAddressChars: 'Sender address may contain only letters and digits.',
  notesMax: `Notes must be at most ${PAYMENT_LIMITS.notesMax} characters.`,
  network: 'Please choose a network.',
  target: 'Choose either a contest or a tier to pay for.',
  tier: 'Choose a tier to upgrade to: standard, pro or elite.',
  proofFile: 'Please upload the proof file first',
  reasonRequired: 'Please give a reason for the rejection.',
  reasonMax: `The reason must be at most ${PAYMENT_LIMITS.reasonMax} characters.`,
  reviewStatus: 'Choose verified or rejected.',
  notFound: 'Payment proof not found',
  ownProof: 'You cannot review your own payment proof.',
  alreadyReviewed: 'This payment proof has already been reviewed.',
  memberGone: "The member's account no longer exists: reject the proof instead.",
  contestGone: 'The contest of this payment no longer exists: reject the proof instead.',
  reviewClosed:
    'The contest no longer takes members, so the member cannot be admitted: reject the proof with a reason instead.',
  reviewFull:
    'The contest is full: the member could not be admitted. The proof stays pending until a place frees up or it is rejected.',
  free_contest: 'This contest has no entry fee: there is nothing to pay.',
  no_price: 'This tier has no price set: there is nothing to pay.',
  closed: 'Registration for this contest is closed: it no longer takes payments.',
  already_joined: 'You have already joined this contest.',
  already_verified: 'Your payment for this has already been verified.',
  proof_pending: 'You have already sent a payment proof for this: it is awaiting review.',
  network_not_set_up: 'Payments on this network are not set up yet. Choose another network.',
  tx_hash_used: 'This transaction hash has already been submitted on this network.',
  /** SPEC 8's toast after a proof is stored. */
  submitted: 'Payment proof submitted',
  submittedDescription: 'Your payment proof has been submitted successfully!',
} as const;

export function tierNotHigherMessage(current: Tier): string {
  return `You already have the ${TIER_LABELS[current]} tier: choose a higher tier to upgrade to.`;
}

/** A USD amount to 2 decimals, as text ('100.00'), from SPEC 3's text fee or a tier price. */
export function usdAmount(value: string | number): string {
  return Number(value).toFixed(2);
}

/** The coin amount for a USD amount at a rate per USD, to 8 decimals (SPEC 9). */
export function coinAmount(usd: string | number, ratePerUsd: number): string {
  return (Number(usd) * ratePerUsd).toFixed(8);
}
