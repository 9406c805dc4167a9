// What a statement row stores of its scoring (issue 34), written by the upload and by every
// recompute alike: the figures, the breaches, every trade not counted, and the curve thinned to
// STORED_CURVE_POINTS.
import type { ScoredStatement } from './figures';
import { STORED_CURVE_POINTS, downsampleCurve } from './curve';

export function scoredColumns(scored: ScoredStatement) {
  return {
    figures: scored.figures,
    breaches: scored.breaches,
    excluded: scored.excluded,
    curve: downsampleCurve(scored.curve, STORED_CURVE_POINTS),
  };
}
