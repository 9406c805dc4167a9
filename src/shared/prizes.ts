// Prize money (issue 30): the currencies a prize table is written in, each with its smallest unit,
// and exact decimal amounts. Amounts travel and are stored as decimal strings ('1750', '0.25') and
// are computed in whole smallest units (bigint), never in binary floats.

/** USD, the platform's networks' native coins, and the two stablecoins prizes are paid in. */
export const PRIZE_CURRENCIES = [
  'USD',
  'USDT',
  'USDC',
  'ETH',
  'BTC',
  'SOL',
  'MATIC',
  'TRX',
  'BNB',
] as const;
export type PrizeCurrency = (typeof PRIZE_CURRENCIES)[number];

/** Decimals of each currency's smallest unit (cents, satoshis, wei ...). */
export const CURRENCY_DECIMALS: Record<PrizeCurrency, number> = {
  USD: 2,
  USDT: 6,
  USDC: 6,
  ETH: 18,
  BTC: 8,
  SOL: 9,
  MATIC: 18,
  TRX: 6,
  BNB: 18,
};

/** A non-negative decimal as written: digits, optionally a point and more digits. */
export const DECIMAL_PATTERN = /^(0|[1-9][0-9]{0,17})(\.[0-9]{1,18})?$/;

/** The decimal string in whole units of `decimals` places; undefined when it has more places. */
export function toUnits(amount: string, decimals: number): bigint | undefined {
  const match = DECIMAL_PATTERN.exec(amount.trim());
  if (!match) return undefined;
  const fraction = (match[2] ?? '').slice(1);
  if (fraction.length > decimals) return undefined;
  return (
    BigInt(match[1]!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0')
  );
}

/** Whole units back to the shortest decimal string ('1750', '0.25'). */
export function fromUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const scale = 10n ** BigInt(decimals);
  const whole = abs / scale;
  const fraction = (abs % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** An amount for people: thousands grouped, the currency after it ('1,750 USDT', '0.25 ETH'). */
export function formatPrize(amount: string, currency: PrizeCurrency): string {
  const [whole, fraction] = amount.split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${grouped}${fraction ? `.${fraction}` : ''} ${currency}`;
}

/** Percentages are read exactly at this many decimals (a table allows up to 18). */
export const PERCENT_DECIMALS = 18;
export const HUNDRED_PERCENT = 100n * 10n ** BigInt(PERCENT_DECIMALS);

/** A percentage as written ('12.5') in exact units; undefined when it is not a decimal. */
export function percentUnits(percent: string): bigint | undefined {
  return toUnits(percent, PERCENT_DECIMALS);
}
