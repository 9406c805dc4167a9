/**
 * A long identifier (a transaction hash, a wallet address) shortened in its middle, keeping the
 * start and the end people compare: '0x12345678…9abcdef0'. Short values are left whole.
 */
export function truncateMiddle(value: string, head = 10, tail = 8): string {
  if (value.length <= head + tail + 1) return value;
  return `${value.slice(0, head)}…${value.slice(-tail)}`;
}
