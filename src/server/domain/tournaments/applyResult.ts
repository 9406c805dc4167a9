// Applying a result to a bracket in memory: brackets-manager's update (winners advance, losers
// drop to the lower bracket, next matches become ready), or our own Swiss rounds. The one path
// for an organiser's or a confirmed result and for the forfeits of a disqualified player, so
// the bracket advances the same way for each. The caller flushes and settles (progress.ts).
import { AppError } from '../../platform/errors';
import { refuse } from './contest';
import type { BracketStore, MatchRow } from './storage';
import { MATCH_STATUS } from './status';

type Side = Record<string, unknown>;
export type Sides = readonly [Side, Side];

/** The id on a match's side (null: not known yet, or a bye). */
export function sideOf(side: unknown): number | null {
  const v = (side as { id?: unknown } | null)?.id;
  return typeof v === 'number' ? v : null;
}

/** The sides of a forfeit by `loser` (one of the match). */
export function forfeitSides(match: MatchRow, loser: number): Sides {
  return sideOf(match.opponent1) === loser
    ? [{ forfeit: true }, { result: 'win' }]
    : [{ result: 'win' }, { forfeit: true }];
}

/** The sides of a result by scores (first participant's first). */
export function scoreSides([a, b]: readonly [number, number]): Sides {
  return [
    { score: a, result: a > b ? 'win' : a < b ? 'loss' : 'draw' },
    { score: b, result: b > a ? 'win' : b < a ? 'loss' : 'draw' },
  ];
}

/** brackets-manager's refusals, as the client hears them (never a 500). */
function libraryRefusal(error: unknown): never {
  if (error instanceof AppError) throw error;
  const message = error instanceof Error ? error.message : String(error);
  if (/locked/i.test(message)) throw refuse('later_matches_played');
  throw new AppError('match_not_ready', `This result cannot be applied: ${message}`);
}

/** Applies a match's result in memory (a completed one is cleared and entered again). */
export async function applySides(
  store: BracketStore,
  match: MatchRow,
  [s1, s2]: Sides,
): Promise<void> {
  const stage = store.stages.find((s) => s.id === match.stage_id)!;
  if (stage.type === 'swiss') {
    store.change('match', match.id, {
      status: MATCH_STATUS.Completed,
      opponent1: { id: sideOf(match.opponent1), position: match.opponent1?.position, ...s1 },
      opponent2: { id: sideOf(match.opponent2), position: match.opponent2?.position, ...s2 },
    });
    return;
  }
  const manager = store.manager();
  try {
    if (match.status >= MATCH_STATUS.Completed) {
      // A changed result: cleared, then entered again (what depends on it follows).
      await manager.reset.matchResults(match.id);
    }
    await manager.update.match({ id: match.id, opponent1: s1, opponent2: s2 });
  } catch (error) {
    libraryRefusal(error);
  }
}
