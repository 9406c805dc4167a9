// How the Payouts page words a line: its status colour, its network by default, what it is (for
// toasts and screen readers), and a set of totals per currency.
import { NETWORK_NAMES, PAYMENT_NETWORKS, type PaymentNetwork } from '../../../../shared/payments';
import {
  defaultPayoutNetwork,
  PAYOUT_STATUS_LABELS,
  type PayoutStatus,
} from '../../../../shared/payouts';
import { formatPrize } from '../../../../shared/prizes';
import type { TPayout, TPayoutList } from '../../../../shared/schemas/payouts';

type PrizeAmount = TPayoutList['totals'][number];

export const PAYOUT_STATUS_COLORS: Record<PayoutStatus, string> = {
  awaiting_method: 'orange',
  ready: 'blue',
  approved: 'purple',
  sent: 'green',
  confirmed: 'green',
  failed: 'red',
  forfeited: 'gray',
};

export const NETWORK_OPTIONS = PAYMENT_NETWORKS.map((network) => ({
  value: network,
  label: `${NETWORK_NAMES[network]} (${network})`,
}));

/**
 * A crypto line's method reads '<coin> to <address>' (describePayoutMethod); bank and PayPal
 * lines start with their own word and are paid with a reference, not on a network.
 */
export function isCryptoLine(line: Pick<TPayout, 'method'>): boolean {
  const method = line.method ?? '';
  return method.includes(' to ') && !/^(Bank|PayPal)\b/.test(method);
}

/** The network a 'Mark sent' starts on: the one already named, else the coin's default. */
export function initialNetwork(line: Pick<TPayout, 'method' | 'network'>): PaymentNetwork | null {
  if (!isCryptoLine(line)) return null;
  if (line.network) return line.network;
  const coin = (line.method ?? '').split(' ')[0];
  return defaultPayoutNetwork({ paymentMethod: 'crypto', cryptoCurrency: coin });
}

/** The member as the server names them, with their team when the prize was a team's. */
export function payoutMember(line: Pick<TPayout, 'username' | 'teamName'>): string {
  return line.teamName ? `${line.username} (${line.teamName})` : line.username;
}

/** What a line is, for a toast or a button's screen-reader name. */
export function payoutSummary(line: TPayout): string {
  return `${payoutMember(line)}, ${line.placeText} in ${line.contestTitle}: ${formatPrize(line.amount, line.currency)}`;
}

/** 'Totals: 1,750 USDT · 20 USD'. */
export function totalsText(totals: readonly PrizeAmount[]): string {
  return totals.map((t) => formatPrize(t.amount, t.currency)).join(' · ') || 'nothing';
}

/** A step's toast, by the status the line reached. */
export const STEP_DONE: Readonly<Partial<Record<PayoutStatus, string>>> = {
  approved: 'Payout approved',
  sent: 'Payout marked sent',
  failed: 'Payout marked failed',
  forfeited: 'Payout forfeited',
};

export function statusLabel(status: PayoutStatus): string {
  return PAYOUT_STATUS_LABELS[status];
}
