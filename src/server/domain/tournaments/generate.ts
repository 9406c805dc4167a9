// Generating a contest's bracket: who is seeded (the participants, only the checked-in when
// check-in is on), in which order (random, by current leaderboard score, or the organiser's own
// order), and the stages the format makes (brackets-manager's single or double elimination and
// round robin, our Swiss). The organiser generates once registration has closed; the start
// ('Start now' or the start job) generates on its own (generateAtStart) when the organiser has
// not. Check-in on, every generation drops the no-shows first (noShows.ts).
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { contests } from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../audit';
import type { ScoreOrder } from '../../../shared/contests';
import { hasBracket, type BracketFormat, type SeedingRule } from '../../../shared/tournaments';
import type { TTournamentSettings } from '../../../shared/schemas/tournaments';
import {
  bracketFormat,
  organisedContest,
  readTournamentContest,
  refuse,
  registrationClosed,
  type TournamentContest,
} from './contest';
import { contestParticipantsOf, type ParticipantInfo } from './names';
import { BracketStore } from './storage';
import { createSwissStage } from './swiss';
import { MATCH_STATUS } from './status';
import { settle } from './progress';
import { dropNoShows } from './noShows';

/** The one who generates at the start (the audit log's actor): nobody who signs in. */
export const SYSTEM_ACTOR: Actor = { id: 0, username: 'system', role: 'admin', ip: 'system' };

export interface GenerateInput {
  contestId: number;
  seeding: SeedingRule;
  /** Manual seeding: every participant id once, best seed first. */
  order?: readonly number[];
  regenerate?: boolean;
}

export interface GenerateResult {
  contestId: number;
  generatedAt: Date;
  participants: number;
}

/** A uniformly random order (Fisher–Yates with the crypto generator). */
export function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Best score first (higher or lower, as the contest ranks), the unscored last, then joined first. */
export function byScore(participants: readonly ParticipantInfo[], order: ScoreOrder) {
  return [...participants].sort((a, b) => {
    if (a.score === null || b.score === null) {
      if (a.score === b.score) return a.id - b.id;
      return a.score === null ? 1 : -1;
    }
    return (order === 'higher' ? b.score - a.score : a.score - b.score) || a.id - b.id;
  });
}

/** The seeded ids, best first; refuses a manual order that is not every participant once. */
export function seedOrder(
  participants: readonly ParticipantInfo[],
  rule: SeedingRule,
  scoreOrder: ScoreOrder,
  order: readonly number[] | undefined,
): number[] {
  if (rule === 'random') return shuffled(participants.map((p) => p.id));
  if (rule === 'score') return byScore(participants, scoreOrder).map((p) => p.id);
  const ids = new Set(participants.map((p) => p.id));
  const given = order ?? [];
  if (given.length !== ids.size || new Set(given).size !== given.length) {
    throw refuse('bad_seeding_order');
  }
  for (const id of given) if (!ids.has(id)) throw refuse('bad_seeding_order');
  return [...given];
}

/** Whether any match of the bracket has a result (a bye's automatic win does not count). */
export function hasResults(store: BracketStore): boolean {
  return store.matches.some(
    (m) =>
      m.opponent1 !== null &&
      m.opponent2 !== null &&
      (m.status >= MATCH_STATUS.Running ||
        m.opponent1.result !== undefined ||
        m.opponent2.result !== undefined),
  );
}

function nextPowerOfTwo(n: number): number {
  let size = 2;
  while (size < n) size *= 2;
  return size;
}

/** Groups of at most `groupSize`, as many as that takes, sizes as even as possible. */
export function groupCountFor(n: number, groupSize: number): number {
  return Math.ceil(n / groupSize);
}

/** The fewest participants a format runs with. */
export function minimumParticipants(format: BracketFormat, settings: TTournamentSettings): number {
  if (format === 'tournament' && settings.system === 'groups') return settings.groupSize;
  return 2;
}

/** Creates the stages of a format in an empty store, seeded in this order. */
export async function createStages(
  store: BracketStore,
  format: BracketFormat,
  settings: TTournamentSettings,
  seeds: readonly number[],
): Promise<void> {
  const manager = store.manager();
  const tournamentId = store.contestId;
  const n = seeds.length;
  if (format === 'knockout') {
    await manager.create.stage({
      tournamentId,
      name: 'Knockout',
      type: settings.elimination === 'double' ? 'double_elimination' : 'single_elimination',
      seedingIds: [...seeds],
      settings: {
        // The bracket of the next power of two: the missing places are byes, which the seed
        // ordering gives to the best seeds.
        // (A double elimination of two is played in a bracket of four: brackets-manager makes
        // no lower bracket for two, and the loser of the final must get their second chance.)
        size:
          settings.elimination === 'double' ? Math.max(4, nextPowerOfTwo(n)) : nextPowerOfTwo(n),
        ...(settings.elimination === 'double'
          ? { grandFinal: settings.grandFinal }
          : { consolationFinal: settings.thirdPlaceMatch }),
      },
    });
  } else if (format === 'league') {
    await manager.create.stage({
      tournamentId,
      name: 'League',
      type: 'round_robin',
      seedingIds: [...seeds],
      settings: {
        groupCount: 1,
        size: n,
        roundRobinMode: settings.legs === 2 ? 'double' : 'simple',
      },
    });
  } else if (settings.system === 'groups') {
    const groupCount = groupCountFor(n, settings.groupSize);
    // A group stage needs as many places as groups times the biggest group: the rest are byes.
    const size = groupCount * Math.ceil(n / groupCount);
    await manager.create.stage({
      tournamentId,
      name: 'Group stage',
      type: 'round_robin',
      seedingIds: [...seeds, ...Array.from({ length: size - n }, () => null)],
      settings: { groupCount, size, seedOrdering: ['groups.seed_optimized'] },
    });
  } else {
    createSwissStage(store, seeds, settings.swissRounds);
  }
}

/**
 * Generates (or regenerates) a contest's bracket, in the caller's transaction. Shared by the
 * organiser's call and the automatic one at the start; the caller has checked who asks.
 */
async function generate(
  tx: DbOrTx,
  actor: Actor,
  contest: TournamentContest,
  input: GenerateInput,
): Promise<GenerateResult> {
  const format = bracketFormat(contest);
  const store = await BracketStore.load(tx, contest.id);
  const exists = contest.bracketGeneratedAt !== null || !store.isEmpty;
  if (exists && !input.regenerate) throw refuse('bracket_exists');
  if (exists && hasResults(store)) throw refuse('results_exist');
  // Check-in on: the no-shows are dropped first (issue 29), so none takes a slot, stays a
  // participant or stays on the leaderboard; a refusal below undoes the drop with the rest.
  if (contest.settings.checkInMinutes > 0) {
    await dropNoShows(tx, contest, { origin: actor.origin });
  }
  // A player disqualified before the bracket existed is not seeded.
  const participants = (await contestParticipantsOf(tx, contest.id)).filter((p) => !p.disqualified);
  const seeds = seedOrder(participants, input.seeding, contest.scoreOrder, input.order);
  const minimum = minimumParticipants(format, contest.settings);
  if (seeds.length < minimum) {
    throw refuse(
      'not_enough_participants',
      minimum > 2
        ? `Not enough participants: a group of ${minimum} needs at least ${minimum}`
        : 'Not enough participants: a bracket needs at least 2',
    );
  }
  store.clear();
  await createStages(store, format, contest.settings, seeds);
  const generatedAt = new Date();
  await tx
    .update(contests)
    .set({ bracketGeneratedAt: generatedAt })
    .where(eq(contests.id, contest.id));
  await settle(tx, contest, store, { fresh: true, origin: actor.origin });
  await writeAudit({
    db: tx,
    actor,
    action: exists ? 'contest.bracket.regenerate' : 'contest.bracket.generate',
    targetType: 'contest',
    targetId: contest.id,
    after: { format, seeding: input.seeding, participants: seeds.length },
  });
  return { contestId: contest.id, generatedAt, participants: seeds.length };
}

/**
 * The organiser (creator, moderator, admin) generates the bracket once registration has closed
 * (its deadline or the start has passed). A bracket that exists is regenerated only when asked,
 * and only until the first result.
 */
export async function generateBracket(
  tx: DbOrTx,
  actor: Actor,
  input: GenerateInput,
): Promise<GenerateResult> {
  const contest = await organisedContest(tx, actor, input.contestId, { lock: true });
  bracketFormat(contest);
  if (!registrationClosed(contest)) throw refuse('registration_open');
  return generate(tx, actor, contest, input);
}

/**
 * The start's automatic generation (the setup code calls it when a bracket contest starts and
 * has none): seeded by score when any participant has one, else at random. Answers the result,
 * or why nothing was generated (no bracket format, one exists, too few participants).
 */
export async function generateAtStart(
  tx: DbOrTx,
  contestId: number,
  /** Who generates (the audit log's actor): the start job, or the organiser's 'Start now'. */
  actor: Actor = SYSTEM_ACTOR,
): Promise<
  | GenerateResult
  | { skipped: 'no_bracket_format' | 'bracket_exists' | 'not_enough_participants' | 'no_contest' }
> {
  const contest = await readTournamentContest(tx, contestId, { lock: true });
  if (!contest) return { skipped: 'no_contest' };
  if (!hasBracket(contest.format)) return { skipped: 'no_bracket_format' };
  if (contest.bracketGeneratedAt !== null) return { skipped: 'bracket_exists' };
  const participants = await contestParticipantsOf(tx, contestId);
  const scored = participants.some((p) => p.score !== null);
  try {
    return await generate(tx, actor, contest, {
      contestId,
      seeding: scored ? 'score' : 'random',
    });
  } catch (error) {
    const reason = (error as { reason?: string }).reason;
    if (reason === 'not_enough_participants' || reason === 'bracket_exists') {
      return { skipped: reason };
    }
    throw error;
  }
}
