// How the member's results read on /analytics (SPEC 2.10, PRODUCT.md): percentiles, ranks out of
// the field, and the points of the performance chart.
import { formatDate } from '../../../shared/format';
import { formatScore, pointsText } from '../../../shared/leaderboard';
import type { TContestResult } from '../../../shared/schemas/stats';

/** '85.5%', or '-' when there is nothing to average yet. */
export function percentText(value: number | null): string {
  return value === null ? '-' : `${value}%`;
}

/** '3 of 10' */
export function rankOfText(rank: number, participants: number): string {
  return `${rank} of ${participants}`;
}

export interface ChartPoint {
  /** The x axis: when the contest ended (its title when it has no end date). */
  label: string;
  title: string;
  percentile: number;
  score: number;
  /** The score with its contest's decimals ('12.50'). */
  scoreText: string;
  /** A bracket contest: the final place ('3rd-4th'), read instead of the score. */
  place?: string;
}

/** One point per finished contest, oldest first (the server's order), for the chart over time. */
export function chartPoints(history: readonly TContestResult[]): ChartPoint[] {
  return history.map((r) => ({
    label: formatDate(r.endDate) || r.title,
    title: r.title,
    percentile: r.percentile,
    score: r.score,
    scoreText: formatScore(r.score, r.scoreDecimals),
    ...(r.place ? { place: r.place } : {}),
  }));
}

/** A result as it reads: '3rd-4th place' for a bracket contest, else the score in points. */
export function resultText(r: Pick<TContestResult, 'score' | 'scoreDecimals' | 'place'>): string {
  return r.place ? `${r.place} place` : pointsText(r.score, r.scoreDecimals);
}
