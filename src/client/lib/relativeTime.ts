// 'just now', '5 minutes ago', '3 hours ago'; a date once it is a day old or more.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

export function formatRelativeTime(date: Date, now: number = Date.now()): string {
  // A clock slightly ahead of ours still reads as 'just now', never as 'in 1 minute'.
  const elapsed = Math.max(0, now - date.getTime());
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  return dateFormat.format(date);
}

/** The full date and time with its zone, for a tooltip or a <time> element's title. */
export { formatDateTime } from '../../shared/format';
