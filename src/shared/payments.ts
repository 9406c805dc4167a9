// Crypto payments (PRODUCT.md 'Money', SPEC 2.12, 5, 9): what a proof is for, its states, the
// amounts as both sides compute them, the shape of a transaction hash and a sender address on
// each network, and the words of each refusal.
import { TIER_LABELS, type Tier } from './constants';
import { JOIN_REFUSALS, type JoinRefusal } from './participation';
import { ADDRESS_PATTERNS, type PaymentNetwork } from './schemas/settings';

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
 *   tier or a higher one; no_price: the tier costs nothing; period_not_offered: the tier is
 *   not sold for that plan period (issue 33);
 * - already_verified: a verified proof already covers it; proof_pending: one awaits review;
 * - network_not_set_up: no wallet address for that network; tx_hash_used: that transaction
 *   (its normalised hash) was already sent, on any network;
 * - and, for an entry fee, every reason a join would be refused for (JOIN_REFUSALS: tier,
 *   closed, full, not_open, already_joined, ...), with the join's own words: paying never
 *   opens a contest the member could not join.
 */
export const PAYMENT_REFUSALS = [
  'free_contest',
  'tier_not_higher',
  'no_price',
  'period_not_offered',
  'already_verified',
  'proof_pending',
  'network_not_set_up',
  'tx_hash_used',
  ...JOIN_REFUSALS.filter(
    (reason): reason is Exclude<JoinRefusal, 'fee_unverified'> => reason !== 'fee_unverified',
  ),
] as const;
export type PaymentRefusal = (typeof PAYMENT_REFUSALS)[number];

// ---------------------------------------------------------------------------------------------
// Transaction hashes and sender addresses, per network

const EVM_NETWORKS: readonly PaymentNetwork[] = ['ETH', 'MATIC', 'BNB'];
const HEX_HASH = /^(0x)?[0-9a-f]{64}$/i;
const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
// A Solana signature is 64 bytes in base58: 88 characters at most, 87 usually, 86 or fewer for
// about one signature in 300; fewer than 86 is all but impossible.
const SOL_SIGNATURE = new RegExp(`^${BASE58}{86,88}$`);

/** Whether a network's transaction ids are hexadecimal (0x optional, any letter case). */
export function isHexHashNetwork(network: PaymentNetwork): boolean {
  return network !== 'SOL';
}

export function isEvmNetwork(network: PaymentNetwork): boolean {
  return EVM_NETWORKS.includes(network);
}

/** The shape of a transaction hash on a network (before normalisation). */
export function isValidTxHash(network: PaymentNetwork, hash: string): boolean {
  const value = hash.trim();
  return isHexHashNetwork(network) ? HEX_HASH.test(value) : SOL_SIGNATURE.test(value);
}

/**
 * The shape of a sender address: the same rule as the receiving wallets of the payment settings
 * (ADDRESS_PATTERNS), so an address an admin could configure is one a member can send from.
 */
export function isValidSenderAddress(network: PaymentNetwork, address: string): boolean {
  return ADDRESS_PATTERNS[network].test(address.trim());
}

/**
 * One transaction is one stored hash, whatever the network it was sent as: a hexadecimal hash
 * (EVM, Bitcoin, Tron) is stored as its 64 digits in lower case without '0x', so '0xABAB…',
 * '0Xabab…' and 'abab…' are the same hash, and a hash used on Ethereum is the same hash on
 * Bitcoin. A Solana signature is base58, where case matters: stored as sent (trimmed).
 */
export function normalizeTxHash(network: PaymentNetwork, hash: string): string {
  const value = hash.trim();
  return isHexHashNetwork(network) ? value.replace(/^0x/i, '').toLowerCase() : value;
}

/** A stored hash as its network's explorers and wallets write it: EVM hashes with '0x'. */
export function displayTxHash(network: PaymentNetwork, stored: string): string {
  return isEvmNetwork(network) && /^[0-9a-f]{64}$/.test(stored) ? `0x${stored}` : stored;
}

/** Where a hash goes in an explorer link template. */
export const EXPLORER_HASH_PLACEHOLDER = '{hash}';

/** A proof's block-explorer link from its network's template, or null without one. */
export function explorerLink(
  template: string | null | undefined,
  network: PaymentNetwork,
  stored: string,
): string | null {
  if (!template || !template.includes(EXPLORER_HASH_PLACEHOLDER)) return null;
  return template.replace(
    EXPLORER_HASH_PLACEHOLDER,
    encodeURIComponent(displayTxHash(network, stored)),
  );
}

const HASH_FORMATS: Record<PaymentNetwork, string> = {
  ETH: 'an Ethereum transaction hash: 0x followed by 64 hexadecimal characters (0-9, a-f).',
  MATIC: 'a Polygon transaction hash: 0x followed by 64 hexadecimal characters (0-9, a-f).',
  BNB: 'a BNB Smart Chain transaction hash: 0x followed by 64 hexadecimal characters (0-9, a-f).',
  BTC: 'a Bitcoin transaction ID: 64 hexadecimal characters (0-9, a-f).',
  TRX: 'a Tron transaction ID: 64 hexadecimal characters (0-9, a-f).',
  SOL: 'a Solana transaction signature: 86 to 88 base58 characters.',
};

const SENDER_FORMATS: Record<PaymentNetwork, string> = {
  ETH: 'an Ethereum address: 0x followed by 40 hexadecimal characters.',
  MATIC: 'a Polygon address: 0x followed by 40 hexadecimal characters.',
  BNB: 'a BNB Smart Chain address: 0x followed by 40 hexadecimal characters.',
  BTC: 'a Bitcoin address, starting with 1, 3 or bc1.',
  TRX: 'a Tron address: T followed by 33 base58 characters.',
  SOL: 'a Solana address: 32 to 44 base58 characters.',
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What the proof dialog says under each field before anything is typed. */
export function txHashHint(network: PaymentNetwork): string {
  return capitalised(HASH_FORMATS[network]);
}

export function senderAddressHint(network: PaymentNetwork): string {
  return capitalised(SENDER_FORMATS[network]);
}

/** What a transaction hash of this network looks like, for the form's error. */
export function txHashFormatMessage(network: PaymentNetwork): string {
  return `Transaction hash must be ${HASH_FORMATS[network]}`;
}

export function senderAddressFormatMessage(network: PaymentNetwork): string {
  return `Sender address must be ${SENDER_FORMATS[network]}`;
}

/** SPEC 5's messages word for word, and the server's own refusals. */
export const PAYMENT_MESSAGES = {
  txHash: 'Transaction hash must be at least 10 characters.',
  txHashMax: `Transaction hash must be at most ${PAYMENT_LIMITS.txHashMax} characters.`,
  senderAddress: 'Sender address must be at least 20 characters.',
  senderAddressMax: `Sender address must be at most ${PAYMENT_LIMITS.senderAddressMax} characters.`,
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
  reviewEmailUnverified:
    'The member has not verified their e-mail address, which this platform requires before they join: the proof stays pending until they do, or reject it with a reason.',
  reviewNotOpen:
    'The contest is not open for registration, so the member cannot be admitted: reject the proof with a reason instead.',
  free_contest: 'This contest has no entry fee: there is nothing to pay.',
  no_price: 'This tier has no price set: there is nothing to pay.',
  period_not_offered: 'That plan is not offered: choose another period.',
  already_verified: 'Your payment for this has already been verified.',
  proof_pending: 'You have already sent a payment proof for this: it is awaiting review.',
  network_not_set_up: 'Payments on this network are not set up yet. Choose another network.',
  tx_hash_used: 'This transaction has already been submitted',
  /** SPEC 8's toast after a proof is stored. */
  submitted: 'Payment proof submitted',
  submittedDescription: 'Your payment proof has been submitted successfully!',
} as const;

/** Why a reviewer cannot admit a member whose tier is below the contest's (it may have dropped). */
export function reviewTierMessage(required: Tier, current: Tier): string {
  return `The member's tier (${TIER_LABELS[current]}) is below the ${TIER_LABELS[required]} tier this contest requires, so they cannot be admitted: reject the proof with a reason instead.`;
}

/** What the member reads about their latest proof (contest page and /payment). */
export const PROOF_STATE_MESSAGES = {
  pendingTitle: 'Your payment is awaiting review',
  pending: 'A moderator checks your payment proof soon. This page updates by itself when they do.',
  rejectedTitle: 'Your payment was rejected',
  rejectedAgain: 'You can send a new payment proof.',
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
