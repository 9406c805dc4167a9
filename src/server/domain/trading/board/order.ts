// The board's order and places, pure: three bands, then compareTraders inside each.
// - ranked: counted or approved, nothing breached: places 1, 2, 2, 4 (a tie is two rows
//   compareTraders cannot tell apart, every tie-break included, as places.ts shares a place);
// - pending (waiting for the organiser): shown, without a place, below the ranked: a statement
//   nobody has checked neither takes a place nor pushes anyone down;
// - disqualified (the organiser's decision, or any breach): marked, last.
import {
  compareTraders,
  type Breach,
  type TradingFigures,
} from '../../../../shared/trading/figures';
import type { TradingMetric } from '../../../../shared/trading/rules';
import type { StatementStatus } from '../../../../shared/trading/review';

export interface BoardEntry {
  status: StatementStatus;
  figures: TradingFigures;
  breaches: Breach[];
  uploadedAt: Date;
}

export type Placed<T> = T & { rank: number | null; disqualified: boolean };

const BAND = { ranked: 0, pending: 1, disqualified: 2 } as const;

function bandOf(entry: BoardEntry): keyof typeof BAND {
  if (entry.status === 'disqualified' || entry.breaches.length > 0) return 'disqualified';
  return entry.status === 'pending' ? 'pending' : 'ranked';
}

/** The entries in the board's order with their places (null: pending or disqualified). */
export function placeBoard<T extends BoardEntry>(
  entries: readonly T[],
  metric: TradingMetric,
): Placed<T>[] {
  const banded = entries.map((entry) => ({ entry, band: bandOf(entry) }));
  const ranked = (e: (typeof banded)[number]) => ({
    figures: e.entry.figures,
    uploadedAt: e.entry.uploadedAt,
    disqualified: false,
  });
  banded.sort(
    (a, b) => BAND[a.band] - BAND[b.band] || compareTraders(ranked(a), ranked(b), metric),
  );
  let rank = 0;
  return banded.map((e, i) => {
    let place: number | null = null;
    if (e.band === 'ranked') {
      const previous = banded[i - 1];
      const tied =
        previous?.band === 'ranked' && compareTraders(ranked(previous), ranked(e), metric) === 0;
      place = tied ? rank : i + 1;
      rank = place;
    }
    return { ...e.entry, rank: place, disqualified: e.band === 'disqualified' };
  });
}
