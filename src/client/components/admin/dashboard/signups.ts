// The admin dashboard's sign-ups per day (admin.stats.signupsPerDay, UTC days) as the chart and
// its text alternative say them.
import type { TAdminStats } from '../../../../shared/schemas/stats';

export type SignupDay = TAdminStats['signupsPerDay'][number];

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** 'Mar 5' for '2026-03-05' (a UTC day, named the same in every time zone). */
export function formatDay(date: string): string {
  const at = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? date : dayFormat.format(at);
}

/** The summary read before the chart: how many in all, and the busiest day (the latest of ties). */
export function summarizeSignups(days: readonly SignupDay[]): string {
  const total = days.reduce((sum, d) => sum + d.count, 0);
  const span = `the last ${days.length} days`;
  if (total === 0) return `No sign-ups in ${span}.`;
  const busiest = days.reduce((best, d) => (d.count >= best.count ? d : best));
  const people = total === 1 ? '1 sign-up' : `${total} sign-ups`;
  return `${people} in ${span}; the busiest day was ${formatDay(busiest.date)} with ${busiest.count}.`;
}
