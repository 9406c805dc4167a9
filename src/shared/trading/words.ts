// Times and durations in the words trading rules, breaches and exclusions use.

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const pad = (n: number) => String(n).padStart(2, '0');

/** '1 June 2026 00:00 UTC': a window's edge on the contest page. */
export function formatWindowTime(date: Date): string {
  return (
    `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`
  );
}

/** '2023.06.26 15:10': a statement's time as MetaTrader writes it (breaches point at tickets). */
export function formatStatementTime(ms: number): string {
  const d = new Date(ms);
  return `${formatStatementDay(ms)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** '2023.06.26' */
export function formatStatementDay(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}.${pad(d.getUTCMonth() + 1)}.${pad(d.getUTCDate())}`;
}

/** '45 seconds', '2 minutes', '1 hour 30 minutes'. */
export function formatDuration(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const parts = [];
  if (h) parts.push(unit(h, 'hour'));
  if (m) parts.push(unit(m, 'minute'));
  if (s || parts.length === 0) parts.push(unit(s, 'second'));
  return parts.join(' ');
}
