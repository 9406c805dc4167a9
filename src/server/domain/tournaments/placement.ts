// A bracket's final placement once its last match has ended, and its writing as the contest's
// leaderboard: each participant's place becomes their score through the one score writer, with
// the contest ranking lower scores first, whole numbers, so place 1 ranks first and a shared
// place a shared rank (PRODUCT: ranks everywhere come from scores). The first placement of an
// active contest completes it (the one lifecycle, participation's completeContest).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { contests } from '../../platform/db/schema';
import { applyScores, clearScores, completeContest } from '../participation';
import { notifyResults } from '../messages';
import { placeText, sharedPlaces } from '../../../shared/places';
import type { TournamentContest } from './contest';
import type { ParticipantNames } from './names';
import { groupStandings, playedOf, pointsOf } from './played';
import { swissStandings, type PlayedMatch } from './standings';
import type { BracketStore, StageRow } from './storage';

export interface Place {
  participantId: number;
  place: number;
}

/** Competition places (1, 2, 2, 4) from groups of equals in order. */
function placesOfTiers(tiers: readonly number[][], start = 1): Place[] {
  const places: Place[] = [];
  let place = start;
  for (const tier of tiers) {
    for (const id of tier) places.push({ participantId: id, place });
    place += tier.length;
  }
  return places;
}

/** An elimination stage's placement: brackets-manager's final standings (its tiers). */
async function eliminationPlaces(store: BracketStore, stage: StageRow): Promise<Place[]> {
  const standings = await store.manager().get.finalStandings(stage.id);
  const tiers = new Map<number, number[]>();
  for (const s of standings) {
    const tier = tiers.get(s.rank);
    if (tier) tier.push(Number(s.id));
    else tiers.set(s.rank, [Number(s.id)]);
  }
  return placesOfTiers([...tiers.entries()].sort((a, b) => a[0] - b[0]).map(([, ids]) => ids));
}

function stagePlayed(store: BracketStore, stageId: number): PlayedMatch[] {
  return store.matches
    .filter((m) => m.stage_id === stageId)
    .map(playedOf)
    .filter((p): p is PlayedMatch => p !== null);
}

/** The final placement of a finished bracket. */
export async function computePlacement(
  store: BracketStore,
  contest: TournamentContest,
): Promise<Place[]> {
  const points = pointsOf(contest);
  const [first, second] = store.stages;
  if (!first) return [];
  if (first.type === 'swiss') {
    const played = stagePlayed(store, first.id);
    const ids = [...new Set(played.flatMap((p) => (p.p2 === null ? [p.p1] : [p.p1, p.p2])))];
    return swissStandings(ids, played, points, store.disqualified).map((r) => ({
      participantId: r.participantId,
      place: r.rank,
    }));
  }
  if (first.type === 'round_robin' && !second) {
    // A league: its table (ties share a place when every tie-breaker ties).
    const group = store.groups.find((g) => g.stage_id === first.id)!;
    return groupStandings(store, group.id, points).map((r) => ({
      participantId: r.participantId,
      place: r.rank,
    }));
  }
  if (first.type === 'round_robin' && second) {
    // Groups, then knockout: the knockout's placement, then the others by their place in their
    // group (all thirds level, then all fourths ...).
    const top = await eliminationPlaces(store, second);
    const placed = new Set(top.map((p) => p.participantId));
    const byPosition: number[][] = [];
    for (const g of store.groups.filter((x) => x.stage_id === first.id)) {
      groupStandings(store, g.id, points).forEach((row, position) => {
        if (placed.has(row.participantId)) return;
        (byPosition[position] ??= []).push(row.participantId);
      });
    }
    return [...top, ...placesOfTiers(byPosition.filter(Boolean), top.length + 1)];
  }
  return eliminationPlaces(store, first);
}

/**
 * Writes the placement as the leaderboard (scores = places, lower first, whole numbers) in the
 * caller's transaction; participants without a place (not seeded) lose any score they had, so
 * they rank after everyone placed. The contest becomes completed (everyone hears the final
 * results from that change); a placement written again later (a result corrected) tells those
 * whose place changed.
 */
export async function writePlacement(
  tx: DbOrTx,
  // A submission contest's private board is written the same way (domain/submissions).
  contest: Pick<TournamentContest, 'id' | 'slug' | 'title'>,
  placement: readonly Place[],
  names: ParticipantNames,
  { origin }: { origin?: string },
): Promise<void> {
  await tx
    .update(contests)
    .set({ scoreOrder: 'lower', scoreDecimals: 0 })
    .where(eq(contests.id, contest.id));
  const present = placement.filter((p) => names.get(p.participantId) !== undefined);
  const changes = await applyScores({
    db: tx,
    contestId: contest.id,
    scores: present.map((p) => ({ participantId: p.participantId, score: p.place })),
  });
  await clearScores({
    db: tx,
    contestId: contest.id,
    keep: present.map((p) => p.participantId),
  });
  if (await completeContest(tx, { contestId: contest.id, origin })) return;
  const changed = new Set(changes.map((c) => c.participantId));
  const shared = sharedPlaces(present.map((p) => p.place));
  await notifyResults(
    tx,
    {
      contest,
      standings: present
        .filter((p) => changed.has(p.participantId))
        .map((p) => ({
          userId: names.userId(p.participantId)!,
          rank: p.place,
          place: placeText(p.place, shared.get(p.place)),
        })),
      total: present.length,
    },
    { origin },
  );
}
