// The Swiss system (a tournament's `swiss` system): rounds paired by score with tournament-
// pairings (no rematches, a bye for an odd field worth a win, preferring those who had none),
// kept in the same tables as brackets-manager's stages, as a stage of type 'swiss' with one
// group. Round 1 is paired by seed (the top half against the bottom half); each next round is
// paired when the previous one has ended, until the stage's rounds are played.
import { Swiss } from 'tournament-pairings';
import type { BracketStore, MatchRow, StageRow } from './storage';
import { MATCH_STATUS } from './status';

export interface SwissSettings {
  size: number;
  /** The rounds to play: the contest's swissRounds, at most one fewer than the field. */
  rounds: number;
}

/** Rounds a field of `n` can play without anyone meeting anyone twice. */
export function swissRoundsFor(n: number, wanted: number): number {
  return Math.max(1, Math.min(wanted, n - 1));
}

/** Points of a Swiss result (the contest's points per win, draw and loss). */
export interface Points {
  win: number;
  draw: number;
  loss: number;
}

/** Creates the Swiss stage and pairs its first round by seed. */
export function createSwissStage(
  store: BracketStore,
  seeds: readonly number[],
  wantedRounds: number,
): void {
  const rounds = swissRoundsFor(seeds.length, wantedRounds);
  const stage = store.add('stage', {
    tournament_id: store.contestId,
    name: 'Swiss',
    type: 'swiss',
    number: store.stages.length + 1,
    settings: { size: seeds.length, rounds } satisfies SwissSettings,
  });
  store.add('group', { stage_id: stage.id, number: 1 });
  const half = Math.floor(seeds.length / 2);
  const pairs: [number, number | null][] = [];
  for (let i = 0; i < half; i++) pairs.push([seeds[i]!, seeds[i + half]!]);
  if (seeds.length % 2 === 1) pairs.push([seeds[seeds.length - 1]!, null]);
  addRound(store, stage.id, 1, pairs);
}

function addRound(
  store: BracketStore,
  stageId: number,
  number: number,
  pairs: readonly [number, number | null][],
): void {
  const group = store.groups.find((g) => g.stage_id === stageId)!;
  const round = store.add('round', { stage_id: stageId, group_id: group.id, number });
  pairs.forEach(([a, b], i) => {
    store.add('match', {
      stage_id: stageId,
      group_id: group.id,
      round_id: round.id,
      number: i + 1,
      child_count: 0,
      // A bye is a win, completed at once.
      status: b === null ? MATCH_STATUS.Completed : MATCH_STATUS.Ready,
      opponent1: b === null ? { id: a, result: 'win' } : { id: a, position: 2 * i + 1 },
      opponent2: b === null ? null : { id: b, position: 2 * i + 2 },
    });
  });
}

/** Each participant's Swiss record so far: points, opponents met, whether they had a bye. */
export function swissRecords(
  matches: readonly MatchRow[],
  participants: readonly number[],
  points: Points,
): Map<number, { points: number; opponents: number[]; bye: boolean }> {
  const records = new Map(
    participants.map((id) => [id, { points: 0, opponents: [] as number[], bye: false }]),
  );
  for (const m of matches) {
    const a = m.opponent1?.id as number | undefined;
    const b = m.opponent2?.id as number | undefined;
    if (a === undefined || a === null) continue;
    const ra = records.get(a);
    if (b === undefined || b === null) {
      if (ra) {
        ra.bye = true;
        if (m.status >= MATCH_STATUS.Completed) ra.points += points.win;
      }
      continue;
    }
    const rb = records.get(b);
    ra?.opponents.push(b);
    rb?.opponents.push(a);
    if (m.status < MATCH_STATUS.Completed) continue;
    const add = (record: typeof ra, result: unknown) => {
      if (!record) return;
      record.points +=
        result === 'win' ? points.win : result === 'draw' ? points.draw : points.loss;
    };
    add(ra, m.opponent1?.result);
    add(rb, m.opponent2?.result);
  }
  return records;
}

/**
 * Pairs the next round of a Swiss stage when its last round has ended and rounds remain.
 * Answers whether a round was added.
 */
export function pairNextSwissRound(store: BracketStore, stage: StageRow, points: Points): boolean {
  const settings = stage.settings as unknown as SwissSettings;
  const rounds = store.rounds.filter((r) => r.stage_id === stage.id);
  const matches = store.matches.filter((m) => m.stage_id === stage.id);
  if (matches.some((m) => m.status < MATCH_STATUS.Completed)) return false;
  if (rounds.length >= settings.rounds) return false;
  const participants = [
    ...new Set(
      matches
        .filter((m) => rounds[0] && m.round_id === rounds[0].id)
        .flatMap((m) => [m.opponent1?.id, m.opponent2?.id])
        .filter((id): id is number => typeof id === 'number'),
    ),
    // A disqualified player is paired no more (their rounds so far stay in the table).
  ].filter((id) => !store.disqualified.has(id));
  const records = swissRecords(matches, participants, points);
  const pairings = Swiss(
    participants.map((id) => {
      const r = records.get(id)!;
      return { id, score: r.points, avoid: r.opponents, receivedBye: r.bye };
    }),
    rounds.length + 1,
  );
  const pairs: [number, number | null][] = pairings.map((p) => [
    p.player1 as number,
    (p.player2 as number | null) ?? null,
  ]);
  // The byes last, as numbered matches after the games.
  pairs.sort((x, y) => Number(x[1] === null) - Number(y[1] === null));
  addRound(store, stage.id, rounds.length + 1, pairs);
  return true;
}

/** Whether a Swiss stage has played all its rounds. */
export function swissFinished(store: BracketStore, stage: StageRow): boolean {
  const settings = stage.settings as unknown as SwissSettings;
  const rounds = store.rounds.filter((r) => r.stage_id === stage.id);
  return (
    rounds.length >= settings.rounds &&
    store.matches
      .filter((m) => m.stage_id === stage.id)
      .every((m) => m.status >= MATCH_STATUS.Completed)
  );
}
