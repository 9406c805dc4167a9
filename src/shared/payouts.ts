// Paying the winners (issue 30): the states of a payout line, which step leads where, who may
// take it, how a payout method is shown (masked except to admins), and the words of each refusal.
// The server applies these rules (domain/payouts); the Payouts page and the member's views read
// the same ones, so the buttons shown are the steps the server allows.
import type { PaymentNetwork } from './payments';

export const PAYOUT_STATUSES = [
  'awaiting_method',
  'ready',
  'approved',
  'sent',
  'confirmed',
  'failed',
  'forfeited',
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  awaiting_method: 'Awaiting payout method',
  ready: 'Ready',
  approved: 'Approved',
  sent: 'Sent',
  confirmed: 'Received',
  failed: 'Failed',
  forfeited: 'Forfeited',
};

/** What an admin may set by PATCH /api/payouts/{id}. */
export const PAYOUT_ADMIN_STEPS = ['approved', 'sent', 'failed', 'forfeited'] as const;
export type PayoutAdminStep = (typeof PAYOUT_ADMIN_STEPS)[number];

/**
 * The states each admin step may start from. A failed line may be approved again (a new attempt);
 * a sent line is never sent twice (409 already_sent); confirmed and forfeited lines are final.
 */
export const PAYOUT_STEP_FROM: Record<PayoutAdminStep, readonly PayoutStatus[]> = {
  approved: ['ready', 'failed'],
  sent: ['approved'],
  failed: ['approved', 'sent'],
  forfeited: ['awaiting_method', 'ready', 'failed'],
};

/** Whether an admin step may be taken from `status` (the server's rule; the page's buttons). */
export function mayTakeStep(step: PayoutAdminStep, status: PayoutStatus): boolean {
  return PAYOUT_STEP_FROM[step].includes(status);
}

/**
 * What the organiser decides for a forfeited prize: it passes to the next place (the best placed
 * entrant below the winners without a prize of this contest) or it is kept (not paid).
 */
export const FORFEIT_DECISIONS = ['passed', 'kept'] as const;
export type ForfeitDecision = (typeof FORFEIT_DECISIONS)[number];

export const FORFEIT_DECISION_LABELS: Record<ForfeitDecision, string> = {
  passed: 'Passed to the next place',
  kept: 'Not passed on',
};

/** The days after which a winner without a payout method is reminded (from the line's creation). */
export const PAYOUT_REMINDER_DAYS = [3, 7] as const;

/** The payout method of a line as it stood when the line was made (or last refreshed). */
export interface PayoutMethodSnapshot {
  paymentMethod: 'bank' | 'crypto' | 'paypal';
  accountName?: string | null;
  accountNumber?: string | null;
  bankName?: string | null;
  bankCode?: string | null;
  cryptoAddress?: string | null;
  cryptoCurrency?: string | null;
  paypalEmail?: string | null;
}

/** Keeps the first and last `keep` characters: '0x12…cdef', 'j…@example.com'. */
function maskText(value: string, keep: number): string {
  if (value.length <= keep * 2) return '•'.repeat(value.length);
  return `${value.slice(0, keep)}…${value.slice(-keep)}`;
}

/** One line of words for a payout method; masked (for everyone but admins) unless `full`. */
export function describePayoutMethod(method: PayoutMethodSnapshot, full: boolean): string {
  if (method.paymentMethod === 'crypto') {
    const address = method.cryptoAddress ?? '';
    return `${method.cryptoCurrency ?? 'Crypto'} to ${full ? address : maskText(address, 4)}`;
  }
  if (method.paymentMethod === 'paypal') {
    const email = method.paypalEmail ?? '';
    if (full) return `PayPal ${email}`;
    const [user = '', domain = ''] = email.split('@');
    return `PayPal ${user.slice(0, 1)}…@${domain}`;
  }
  const account = method.accountNumber ?? '';
  return `Bank ${method.bankName ?? ''} ${full ? account : `…${account.slice(-4)}`}`.trim();
}

/** The network a crypto payout method's coin is sent on by default (ERC-20 tokens on Ethereum). */
export function defaultPayoutNetwork(method: PayoutMethodSnapshot | null): PaymentNetwork | null {
  if (!method || method.paymentMethod !== 'crypto') return null;
  return method.cryptoCurrency === 'BTC' ? 'BTC' : 'ETH';
}

export const PAYOUT_LIMITS = { referenceMin: 3, referenceMax: 200, reasonMax: 500 } as const;

export const PAYOUT_MESSAGES = {
  notFound: 'Payout not found',
  same_admin: 'Another admin must mark this payout sent: you approved it',
  already_sent: 'This payout has already been sent',
  tx_hash_used: 'This transaction hash is already recorded for another payout',
  wrong_status: (from: PayoutStatus, step: PayoutAdminStep) =>
    `A payout that is ${PAYOUT_STATUS_LABELS[from].toLowerCase()} cannot be marked ${step}`,
  networkRequired: 'Choose the network the payout was sent on',
  referenceRequired: 'Enter the transaction hash or the payment reference',
  referenceLength: `A reference has ${PAYOUT_LIMITS.referenceMin} to ${PAYOUT_LIMITS.referenceMax} characters`,
  reasonRequired: 'Say why this payout failed',
  reasonMax: `A reason has at most ${PAYOUT_LIMITS.reasonMax} characters`,
  notYours: 'This payout is not yours',
  notSent: 'Only a sent payout can be confirmed as received',
  notForfeited: 'Only a forfeited prize can be passed to the next place or kept',
  alreadyDecided: 'What happens to this forfeited prize has already been decided',
  noNextPlace: 'Nobody placed below the winners is left to take this prize',
  prizeTooSmall: (n: number) =>
    `The prize is too small to share among the ${n} entrants tied at the next place: keep it instead`,
} as const;
