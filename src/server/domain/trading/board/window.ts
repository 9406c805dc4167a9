// The window a contest's statements are scored in: its start and end dates. A contest without
// one of them (a draft) bounds nothing on that side.
import type { TradingWindow } from '../figures';

const EARLIEST = new Date(0);
const LATEST = new Date(8.64e15);

export function scoringWindow(contest: {
  startDate: Date | null;
  endDate: Date | null;
}): TradingWindow {
  return { startsAt: contest.startDate ?? EARLIEST, endsAt: contest.endDate ?? LATEST };
}

/** Whether an edit moved the window (the statements are then scored again). */
export function windowMoved(
  before: { startDate: Date | null; endDate: Date | null },
  after: { startDate: Date | null; endDate: Date | null },
): boolean {
  const same = (a: Date | null, b: Date | null) =>
    (a?.getTime() ?? null) === (b?.getTime() ?? null);
  return !same(before.startDate, after.startDate) || !same(before.endDate, after.endDate);
}
