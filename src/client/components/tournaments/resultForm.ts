// A match's result as its forms hold it (the report, dispute and decide dialogs): both scores,
// or each game's in a best-of-N match (the match's scores are then the games won), or one side's
// forfeit; turned into the shared request and checked by the request's own schema plus the one
// best-of-N rule (shared/bestOf.ts), so the dialog says before sending what the server would.
import { z } from 'zod';
import { bestOfProblem, scoresFromGames } from '../../../shared/bestOf';
import type { ScorePair } from '../../../shared/tournaments';
import type { TMatch } from '../../../shared/schemas/tournaments';

/** Formik hands a number input's value over as a number, or '' when it is empty. */
export type ScoreInput = string | number;

export interface ResultValues {
  outcome: 'scores' | 'forfeit0' | 'forfeit1';
  /** The match's scores (best of 1). */
  scores: [ScoreInput, ScoreInput];
  /** Each game's scores (best of N > 1), N rows; games not played stay empty. */
  games: [ScoreInput, ScoreInput][];
}

/** A result the form starts from: a report, a dispute, or the match's own scores. */
export interface ResultSource {
  scores: readonly number[] | null;
  games: readonly (readonly number[])[] | null;
  forfeit?: number | null;
}

/** A score as typed; Formik's schema validation hands an empty field over as undefined. */
function toNumber(value: ScoreInput | undefined): number | undefined {
  if (typeof value === 'number') return value;
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

const text = (n: number | undefined): ScoreInput => (n === undefined ? '' : n);

export function initialResult(match: TMatch, from?: ResultSource | null): ResultValues {
  const [a, b] = match.participants;
  const games = Array.from({ length: match.bestOf > 1 ? match.bestOf : 0 }, (_, i) => {
    const game = from?.games?.[i];
    return [text(game?.[0]), text(game?.[1])] as [ScoreInput, ScoreInput];
  });
  const forfeit = from ? (from.forfeit ?? null) : a?.forfeit ? a.id : b?.forfeit ? b.id : null;
  if (forfeit !== null && forfeit === a?.id)
    return { outcome: 'forfeit0', scores: ['', ''], games };
  if (forfeit !== null && forfeit === b?.id)
    return { outcome: 'forfeit1', scores: ['', ''], games };
  const scores = from
    ? [text(from.scores?.[0]), text(from.scores?.[1])]
    : [text(a?.score ?? undefined), text(b?.score ?? undefined)];
  return { outcome: 'scores', scores: scores as [ScoreInput, ScoreInput], games };
}

/** The games entered, up to the last one with a score (a gap before it stays, to be refused). */
function enteredGames(values: ResultValues): (number | undefined)[][] | undefined {
  const rows = values.games ?? [];
  const last = rows.findLastIndex(
    ([x, y]) => toNumber(x) !== undefined || toNumber(y) !== undefined,
  );
  if (last < 0) return undefined;
  return rows.slice(0, last + 1).map(([x, y]) => [toNumber(x), toNumber(y)]);
}

/** The result part of a request: `{ scores, games? }` or `{ forfeit }`. */
export function resultRequest(match: TMatch, values: ResultValues) {
  if (values.outcome !== 'scores') {
    const side = values.outcome === 'forfeit0' ? 0 : 1;
    return { forfeit: match.participants[side]?.id ?? undefined };
  }
  if (match.bestOf > 1) {
    const games = enteredGames(values);
    const complete = games?.every((g) => g[0] !== undefined && g[1] !== undefined);
    const scores = games && complete ? scoresFromGames(games as ScorePair[]) : [0, 0];
    return { scores, games };
  }
  return { scores: [toNumber(values.scores[0]), toNumber(values.scores[1])] };
}

/** What the best-of-N rule reads of a request. */
export interface ResultRequest {
  scores?: Readonly<ScorePair>;
  games?: readonly Readonly<ScorePair>[];
}

/** The one best-of-N rule, as an issue on the games (or the scores in a best of 1). */
export function bestOfRefinement(bestOf: number) {
  return (v: ResultRequest, ctx: z.RefinementCtx) => {
    if (!v.scores) return;
    const problem = bestOfProblem(bestOf, v.scores, v.games);
    if (problem)
      ctx.addIssue({ code: 'custom', path: [bestOf > 1 ? 'games' : 'scores'], message: problem });
  };
}

/** A form's schema: its values turned into the request, checked by the request's schema. */
export function formSchema<V>(toRequest: (values: V) => unknown, request: z.ZodType<unknown>) {
  return z.preprocess((values) => toRequest(values as V), request);
}
