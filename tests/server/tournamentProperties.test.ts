// Tournament brackets as properties (issue 19 'Tests and figures'): for any field of 2…64 and
// any sequence of valid results, single elimination has exactly one winner after n-1 matches;
// double elimination plays 2n-2 or 2n-1; a round robin plays n(n-1)/2 per leg and its table's
// points add up to what its results give; Swiss never pairs two participants twice in R <= n-1
// rounds. Results go in through the engine's own report path, on a real database.
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import {
  generateBracket,
  readBracket,
  readStandings,
  reportMatch,
} from '../../src/server/domain/tournaments';
import type { TTournamentSettingsInput, TMatch } from '../../src/shared/schemas/tournaments';
import type { ContestFormat } from '../../src/shared/contests';
import { createTestDb, createUser } from '../helpers/db';
import { insertContest } from '../helpers/contests';

const t = await createTestDb();
afterAll(() => t.close());

const organiser = await createUser(t.db);
const actor = { id: organiser.id, username: organiser.username, role: organiser.role };
// A pool of members reused by every bracket (a contest takes the first n).
const pool = await Promise.all(Array.from({ length: 64 }, () => createUser(t.db)));

async function bracketContest(
  format: ContestFormat,
  tournament: TTournamentSettingsInput,
  n: number,
) {
  const contest = await insertContest(t.db, {
    createdBy: organiser.id,
    format,
    tournament,
    registrationDeadline: new Date(Date.now() - 60_000),
  });
  for (const u of pool.slice(0, n)) {
    await addParticipant({ db: t.db, contestId: contest.id, userId: u.id });
  }
  await t.db.transaction((tx) =>
    generateBracket(tx, actor, { contestId: contest.id, seeding: 'random' }),
  );
  return contest.id;
}

const allMatches = (b: Awaited<ReturnType<typeof readBracket>>) =>
  b.stages.flatMap((s) => s.groups.flatMap((g) => g.rounds.flatMap((r) => r.matches)));

/**
 * Plays a bracket to its end: each step reports one ready match with scores the generator
 * chooses (no draws where a draw is not allowed). Answers the bracket at the end and the
 * results reported.
 */
async function playOut(contestId: number, rand: Rng, draws: boolean) {
  const played: TMatch[] = [];
  for (let step = 0; step < 2000; step++) {
    const bracket = await readBracket(t.db, actor, contestId);
    const ready = allMatches(bracket).filter((m) => m.status === 'ready' || m.status === 'running');
    if (!ready.length) return { bracket, played };
    const match = ready[rand.nextInt(0, ready.length - 1)]!;
    let a = rand.nextInt(0, 5);
    let b = rand.nextInt(0, 5);
    if (a === b && !(draws && ['group', 'league', 'swiss'].includes(match.part))) b = a + 1;
    if (rand.nextInt(0, 1) === 0) [a, b] = [b, a];
    const result = await t.db.transaction((tx) =>
      reportMatch(tx, actor, { matchId: match.id, scores: [a, b] }),
    );
    played.push(result);
  }
  throw new Error('the bracket did not end');
}

/** A small seeded generator (mulberry32): the property's seed decides every result. */
interface Rng {
  nextInt(min: number, max: number): number;
}
function rng(seed: number): Rng {
  let a = seed >>> 0;
  return {
    nextInt(min, max) {
      a = (a + 0x6d2b79f5) >>> 0;
      let x = a;
      x = Math.imul(x ^ (x >>> 15), x | 1);
      x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
      const r = ((x ^ (x >>> 14)) >>> 0) / 4294967296;
      return min + Math.floor(r * (max - min + 1));
    },
  };
}

const seedArb = fc.integer();
const RUNS = { numRuns: 12 };
// Each property plays 12 whole tournaments of up to 64 players: bounded by count, not time. On
// PostgreSQL with two files at a time on two loaded cores one took over 20 s (the default).
vi.setConfig({ testTimeout: 120_000 });

describe('single elimination', () => {
  it('has one winner after n-1 matches', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 64 }), seedArb, async (n, seed) => {
        const contestId = await bracketContest('knockout', { elimination: 'single' }, n);
        const { bracket, played } = await playOut(contestId, rng(seed), false);
        expect(played).toHaveLength(n - 1);
        expect(bracket.placement).not.toBeNull();
        expect(bracket.placement!.filter((p) => p.place === 1)).toHaveLength(1);
        expect(bracket.placement).toHaveLength(n);
      }),
      RUNS,
    );
  });
});

describe('double elimination', () => {
  it('plays 2n-2 or 2n-1 matches and ends with one winner', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 64 }),
        fc.constantFrom('simple' as const, 'double' as const),
        seedArb,
        async (n, grandFinal, seed) => {
          const contestId = await bracketContest(
            'knockout',
            { elimination: 'double', grandFinal },
            n,
          );
          const { bracket, played } = await playOut(contestId, rng(seed), false);
          expect([2 * n - 2, 2 * n - 1]).toContain(played.length);
          if (grandFinal === 'simple') expect(played).toHaveLength(2 * n - 2);
          expect(bracket.placement!.filter((p) => p.place === 1)).toHaveLength(1);
        },
      ),
      RUNS,
    );
  });
});

describe('round robin', () => {
  it('plays n(n-1)/2 matches per leg and its points add up', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 12 }),
        fc.constantFrom(1, 2),
        seedArb,
        async (n, legs, seed) => {
          const contestId = await bracketContest('league', { legs }, n);
          const { played } = await playOut(contestId, rng(seed), true);
          expect(played).toHaveLength(((n * (n - 1)) / 2) * legs);
          const standings = await readStandings(t.db, actor, contestId);
          const rows = standings.groups[0]!.rows;
          const total = rows.reduce((sum, r) => sum + r.points, 0);
          // Default points 3/1/0: a decided match gives 3, a draw 1 to each.
          const expected = played.reduce((sum, m) => {
            const [x, y] = m.participants;
            expect(x!.result === 'draw').toBe(y!.result === 'draw');
            return sum + (x!.result === 'draw' ? 2 : 3);
          }, 0);
          expect(total).toBe(expected);
          expect(rows.reduce((s, r) => s + r.played, 0)).toBe(2 * played.length);
        },
      ),
      RUNS,
    );
  });
});

describe('Swiss', () => {
  it('never pairs the same two twice in R <= n-1 rounds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 24 }),
        fc.integer({ min: 1, max: 20 }),
        seedArb,
        async (n, wanted, seed) => {
          const rounds = Math.min(wanted, n - 1);
          const contestId = await bracketContest(
            'tournament',
            { system: 'swiss', swissRounds: rounds },
            n,
          );
          const { bracket } = await playOut(contestId, rng(seed), true);
          const matches = allMatches(bracket);
          const pairs = matches
            .filter((m) => m.participants[0] && m.participants[1])
            .map((m) => [m.participants[0]!.id!, m.participants[1]!.id!].sort().join('-'));
          expect(new Set(pairs).size).toBe(pairs.length);
          const roundCount = bracket.stages[0]!.groups[0]!.rounds.length;
          expect(roundCount).toBe(rounds);
          expect(bracket.placement).not.toBeNull();
        },
      ),
      RUNS,
    );
  });
});

describe('groups, then knockout', () => {
  it('plays every group, then a knockout of the qualifiers, and places everyone', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 3, max: 24 }),
        fc.integer({ min: 3, max: 6 }),
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom('single' as const, 'double' as const),
        seedArb,
        async (n, groupSize, advance, elimination, seed) => {
          fc.pre(n >= groupSize && advance < groupSize);
          const contestId = await bracketContest(
            'tournament',
            { system: 'groups', groupSize, advancePerGroup: advance, elimination },
            n,
          );
          const { bracket } = await playOut(contestId, rng(seed), true);
          const groups = bracket.stages[0]!.groups.length;
          expect(bracket.stages.map((s) => s.type)).toEqual([
            'round_robin',
            ...(groups * advance >= 2
              ? [elimination === 'double' ? 'double_elimination' : 'single_elimination']
              : []),
          ]);
          if (groups > 1) {
            // A group winner's first knockout match is against another group's participant.
            const groupOf = new Map<number, number>();
            for (const g of bracket.stages[0]!.groups) {
              for (const m of g.rounds.flatMap((r) => r.matches)) {
                for (const p of m.participants) if (p?.id) groupOf.set(p.id, g.number);
              }
            }
            const firstRound = bracket.stages[1]!.groups[0]!.rounds[0]!.matches;
            for (const m of firstRound) {
              const [x, y] = m.participants;
              if (x?.id && y?.id) expect(groupOf.get(x.id)).not.toBe(groupOf.get(y.id));
            }
          }
          // No knockout pair of the first round comes from one group when it can be avoided:
          // with two or more groups, every group winner meets someone of another group.
          expect(bracket.placement).toHaveLength(n);
          expect(bracket.placement!.filter((p) => p.place === 1)).toHaveLength(1);
        },
      ),
      RUNS,
    );
  });
});
