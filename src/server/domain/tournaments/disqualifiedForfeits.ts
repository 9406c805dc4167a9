// A disqualified player's matches are forfeited as soon as both sides are known: those ready
// when the organiser disqualifies them, and those that become ready later (a double
// elimination's lower bracket, the knockout after the groups). Called by settle (progress.ts),
// the one place a match becomes ready, so every path that advances a bracket does it.
import { applySides, forfeitSides, sideOf } from './applyResult';
import type { BracketStore } from './storage';
import { isPlayable } from './status';

/** Forfeits every ready match of a disqualified participant, in memory; answers their ids. */
export async function forfeitDisqualified(store: BracketStore): Promise<number[]> {
  const out = store.disqualified;
  const forfeited: number[] = [];
  if (!out.size) return forfeited;
  for (;;) {
    const match = store.matches.find((m) => {
      const p1 = sideOf(m.opponent1);
      const p2 = sideOf(m.opponent2);
      return (
        isPlayable(m.status) &&
        p1 !== null &&
        p2 !== null &&
        (out.has(p1) || out.has(p2)) &&
        !forfeited.includes(m.id)
      );
    });
    if (!match) return forfeited;
    const p1 = sideOf(match.opponent1)!;
    // Both disqualified: the first forfeits, and the other their next match.
    const loser = out.has(p1) ? p1 : sideOf(match.opponent2)!;
    await applySides(store, match, forfeitSides(match, loser));
    forfeited.push(match.id);
  }
}
