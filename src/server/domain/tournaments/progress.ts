// What follows a change of a bracket (generated, a result in, a result edited), in the same
// transaction: the next stage when one is due (the knockout after the groups, the next Swiss
// round), the rows written back, the participants of newly ready matches told, the final
// placement once the last match has ended, and the open bracket views told after the commit.
import { ordering } from 'brackets-manager';
import type { DbOrTx } from '../../platform/db/client';
import { notifyMatchesReady } from '../messages';
import { settleOpenReports } from './bracketWrite';
import type { TournamentContest } from './contest';
import { forfeitDisqualified } from './disqualifiedForfeits';
import { ParticipantNames } from './names';
import { writePlacement, computePlacement } from './placement';
import { groupStandings, pointsOf } from './played';
import type { BracketStore, StageRow } from './storage';
import { MATCH_STATUS, isPlayable } from './status';
import { pairNextSwissRound, swissFinished } from './swiss';

/** Whether every match of a stage has ended (locked ones left over never will be played). */
export function stageFinished(store: BracketStore, stage: StageRow): boolean {
  if (stage.type === 'swiss') return swissFinished(store, stage);
  // A match against a bye is never played.
  const matches = store.matches.filter(
    (m) => m.stage_id === stage.id && m.opponent1 !== null && m.opponent2 !== null,
  );
  return (
    matches.some((m) => m.status >= MATCH_STATUS.Completed) &&
    !matches.some(
      (m) =>
        m.status === MATCH_STATUS.Waiting ||
        m.status === MATCH_STATUS.Ready ||
        m.status === MATCH_STATUS.Running,
    )
  );
}

/**
 * The seeds of the knockout after a group stage: the first of every group, then the second, and
 * so on; placed so that no first-round pair comes from one group where that can be avoided
 * (a group winner meets a runner-up of another group). Answers the slots in bracket order (null:
 * a bye), for brackets-manager's 'natural' ordering.
 */
export function knockoutSlots(
  qualifiers: readonly { id: number; group: number }[][],
): (number | null)[] {
  const seeds = qualifiers.flat();
  let size = 2;
  while (size < seeds.length) size *= 2;
  const padded: ({ id: number; group: number } | null)[] = [
    ...seeds,
    ...Array.from({ length: size - seeds.length }, () => null),
  ];
  const slots = ordering.inner_outer(padded);
  const conflict = (i: number) => {
    const a = slots[2 * i];
    const b = slots[2 * i + 1];
    return a !== null && a !== undefined && b !== null && b !== undefined && a.group === b.group;
  };
  const pairs = slots.length / 2;
  for (let i = 0; i < pairs; i++) {
    if (!conflict(i)) continue;
    // Swap the lower seed of this pair with the lower seed of another pair where neither pair
    // then meets itself.
    for (let j = 0; j < pairs; j++) {
      if (j === i) continue;
      const mine = slots[2 * i + 1];
      const theirs = slots[2 * j + 1];
      const theirTop = slots[2 * j];
      const myTop = slots[2 * i];
      if (!mine || !theirs || !theirTop || !myTop) continue;
      if (theirs.group === myTop.group || mine.group === theirTop.group) continue;
      slots[2 * i + 1] = theirs;
      slots[2 * j + 1] = mine;
      break;
    }
  }
  return slots.map((s) => s?.id ?? null);
}

/** Creates the knockout stage after a finished group stage. */
async function createKnockoutAfterGroups(
  store: BracketStore,
  contest: TournamentContest,
  groupStage: StageRow,
): Promise<void> {
  const points = pointsOf(contest);
  const groups = store.groups
    .filter((g) => g.stage_id === groupStage.id)
    .sort((a, b) => a.number - b.number);
  const tables = groups.map((g) => groupStandings(store, g.id, points));
  const qualifiers: { id: number; group: number }[][] = [];
  for (let place = 0; place < contest.settings.advancePerGroup; place++) {
    const row: { id: number; group: number }[] = [];
    tables.forEach((table, g) => {
      const entry = table[place];
      if (entry) row.push({ id: entry.participantId, group: g });
    });
    qualifiers.push(row);
  }
  let slots = knockoutSlots(qualifiers);
  if (slots.filter((s) => s !== null).length < 2) return;
  const manager = store.manager();
  const double = contest.settings.elimination === 'double';
  // A double elimination of two is played in a bracket of four (see createStages).
  if (double && slots.length === 2) slots = [slots[0]!, null, slots[1]!, null];
  await manager.create.stage({
    tournamentId: store.contestId,
    name: 'Knockout stage',
    type: double ? 'double_elimination' : 'single_elimination',
    seedingIds: slots,
    settings: {
      size: slots.length,
      seedOrdering: ['natural'],
      ...(double
        ? { grandFinal: contest.settings.grandFinal }
        : { consolationFinal: contest.settings.thirdPlaceMatch }),
    },
  });
}

/** Adds the stage or round that is due now (the knockout after the groups, the next Swiss round). */
async function nextStageOrRound(store: BracketStore, contest: TournamentContest): Promise<boolean> {
  if (contest.format !== 'tournament') return false;
  const [first] = store.stages;
  if (first?.type === 'round_robin' && store.stages.length === 1 && stageFinished(store, first)) {
    await createKnockoutAfterGroups(store, contest, first);
    return store.stages.length > 1;
  }
  if (first?.type === 'swiss') return pairNextSwissRound(store, first, pointsOf(contest));
  return false;
}

/** The ready matches of a bracket, as `id:p1:p2` (a match whose players change is new). */
export function readyKeys(store: BracketStore): Set<string> {
  return new Set(
    store.matches
      .filter((m) => isPlayable(m.status) && m.opponent1?.id != null && m.opponent2?.id != null)
      .map((m) => `${m.id}:${String(m.opponent1!.id)}:${String(m.opponent2!.id)}`),
  );
}

/** Whether the whole bracket has ended (every stage there will be, finished). */
export function bracketFinished(store: BracketStore, contest: TournamentContest): boolean {
  if (store.isEmpty) return false;
  if (!store.stages.every((s) => stageFinished(store, s))) return false;
  // A group tournament ends with its knockout (unless one group sends one: its table decides).
  if (
    contest.format === 'tournament' &&
    contest.settings.system === 'groups' &&
    store.stages.length < 2 &&
    store.groups.length * contest.settings.advancePerGroup >= 2
  ) {
    return false;
  }
  return true;
}

/**
 * Settles a bracket after a change: next stages or rounds, rows written, newly ready matches
 * told, placement when it has ended, the news sent after commit. `readyBefore`: the ready
 * matches before the change (a new bracket: none).
 */
export async function settle(
  tx: DbOrTx,
  contest: TournamentContest,
  store: BracketStore,
  {
    readyBefore = new Set<string>(),
    origin,
    alsoName = [],
  }: {
    fresh?: boolean;
    readyBefore?: Set<string>;
    origin?: string;
    /** Participants whose names the caller needs besides (the match it reports). */
    alsoName?: readonly number[];
  },
): Promise<{ finished: boolean; names: ParticipantNames }> {
  // A disqualified player's ready matches are forfeits, then the stages and rounds due now,
  // until nothing more is due (a new round or knockout may hold a disqualified player).
  const forfeited: number[] = [];
  do forfeited.push(...(await forfeitDisqualified(store)));
  while (await nextStageOrRound(store, contest));
  await store.flush();
  await settleOpenReports(tx, contest.id, forfeited);
  const ready = [...readyKeys(store)].filter((key) => !readyBefore.has(key));
  const finished = bracketFinished(store, contest);
  // Names of the whole field only when everyone is told (placement); else of those concerned.
  const names = await ParticipantNames.of(
    tx,
    contest.id,
    finished
      ? undefined
      : [...new Set([...ready.flatMap((key) => key.split(':').slice(1).map(Number)), ...alsoName])],
  );
  if (ready.length) {
    const byId = new Map(store.matches.map((m) => [m.id, m]));
    await notifyMatchesReady(
      tx,
      {
        contest,
        matches: ready.map((key) => {
          const m = byId.get(Number(key.split(':')[0]))!;
          const p1 = m.opponent1!.id as number;
          const p2 = m.opponent2!.id as number;
          return {
            sides: [
              { userId: names.userId(p1), opponent: names.name(p2) },
              { userId: names.userId(p2), opponent: names.name(p1) },
            ],
          };
        }),
      },
      { origin },
    );
  }
  if (finished) {
    const placement = await computePlacement(store, contest);
    await writePlacement(tx, contest, placement, names, { origin });
  }
  return { finished, names };
}
