// The demo seed (PRODUCT.md 'Samples become seed data'): SPEC 9's five contests with their slugs,
// fees, caps and 7-day durations around the first start, two featured and running with 10-entry
// leaderboards, two upcoming, one completed; the covers are real images in the repository. Then
// the demo tournaments of issue 19 ('Seed demo data'): a knockout with its quarter-finals played
// and a league with results and standings, made through the engine and read through its
// procedures, leaving no mail, notification or audit entry behind.
import { rankColumn } from '../../src/server/domain/participation/contestParticipants';
import fs from 'node:fs';
import path from 'node:path';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  contestParticipants,
  contests,
  mailOutbox,
  notifications,
  users,
} from '../../src/server/platform/db/schema';
import { seedDemo } from '../../src/server/seed/seed';
import { DEMO_MEMBERS } from '../../src/server/seed/seedContests';
import { DEMO_TOURNAMENTS } from '../../src/server/seed/seedTournaments';
import { DEMO_CONTEST_SLUGS, DEMO_COVER_IMAGES } from '../../src/shared/contests';
import type { TBracket } from '../../src/shared/schemas/tournaments';
import { callerFor, createTestDb, createUser } from '../helpers/db';
import { testPasswords } from '../helpers/db';

const t = await createTestDb();
afterAll(() => t.close());
const admin = await createUser(t.db, { role: 'admin' });
const before = Date.now();
await seedDemo(t.db);
const all = await t.db.select().from(contests).orderBy(asc(contests.id));
// SPEC 9's five samples (the demo tournaments have a describe of their own below).
const rows = await t.db
  .select()
  .from(contests)
  .where(inArray(contests.slug, [...DEMO_CONTEST_SLUGS]))
  .orderBy(asc(contests.id));
const DAY = 24 * 3600 * 1000;

it('seeds the five samples, then the two demo tournaments', () => {
  expect(all.map((r) => r.slug)).toEqual([
    ...DEMO_CONTEST_SLUGS,
    'rapid-chess-knockout',
    'five-a-side-league',
  ]);
  expect(DEMO_TOURNAMENTS.map((d) => d.slug)).toEqual(all.slice(5).map((r) => r.slug));
});

describe('the demo contests', () => {
  it('are the five samples with their slugs, fees and caps, owned by the admin', () => {
    expect(rows.map((r) => r.slug)).toEqual([...DEMO_CONTEST_SLUGS]);
    expect(rows.map((r) => r.entryFee)).toEqual(['100', '100', '50', '75', '200']);
    expect(rows.map((r) => r.maxParticipants)).toEqual([50, 100, 75, 100, 20]);
    expect(rows.every((r) => r.participationType === 'paid' && r.createdBy === admin.id)).toBe(
      true,
    );
    expect(rows.every((r) => r.type === r.category)).toBe(true);
  });

  it('run seven days each, dated around the first start', () => {
    const now = Date.now();
    for (const r of rows) expect(r.endDate!.getTime() - r.startDate!.getTime()).toBe(7 * DAY);
    const [dake, candle, sprint, masters, elite] = rows;
    for (const running of [dake!, candle!]) {
      expect(running).toMatchObject({ status: 'active', featured: true });
      expect(running.startDate!.getTime()).toBeLessThan(before);
      expect(running.endDate!.getTime()).toBeGreaterThan(now);
      // Registration is still open on a running demo contest.
      expect(running.registrationDeadline!.getTime()).toBeGreaterThan(now);
    }
    for (const upcoming of [sprint!, masters!]) {
      expect(upcoming).toMatchObject({ status: 'active', featured: false });
      expect(upcoming.startDate!.getTime()).toBeGreaterThan(now);
    }
    expect(elite).toMatchObject({ status: 'completed', featured: false });
    expect(elite!.endDate!.getTime()).toBeLessThan(before);
  });

  it('carry markdown descriptions with the sample prizes', () => {
    expect(rows[0]!.description).toMatch(/## Prizes[\s\S]*\$5,000[\s\S]*\$2,500[\s\S]*\$1,000/);
    expect(rows[1]!.description).toMatch(/## Prizes[\s\S]*\$4,000[\s\S]*\$2,000[\s\S]*\$800/);
    expect(rows[0]!.prize).toBe('$5,000 / $2,500 / $1,000');
    expect(rows[1]!.prize).toBe('$4,000 / $2,000 / $800');
  });

  it('give the two running contests 10-entry leaderboards, counted in participants', async () => {
    for (const r of rows) {
      const entries = await t.db
        .select({ rank: rankColumn(), score: contestParticipants.score })
        .from(contestParticipants)
        .where(eq(contestParticipants.contestId, r.id))
        .orderBy(desc(contestParticipants.score));
      expect(r.participants).toBe(entries.length);
      if (r.featured) {
        expect(entries.map((e) => e.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
        const scores = entries.map((e) => e.score);
        expect([...scores].sort((a, b) => b! - a!)).toEqual(scores);
      } else {
        expect(entries).toHaveLength(0);
      }
    }
  });

  it('show on the members\u2019 lists and resolve by slug', async () => {
    const member = await createUser(t.db);
    const { caller } = callerFor(t, member);
    const featured = await caller.contests.list({ tab: 'featured' });
    expect(featured.items.map((c) => c.slug).sort()).toEqual(['candle-games', 'the-dake-contest']);
    expect((await caller.contests.list({ tab: 'upcoming' })).total).toBe(2);
    expect((await caller.contests.list({ tab: 'past' })).items[0]?.slug).toBe('elite-championship');
    expect(await caller.contests.get({ idOrSlug: 'candle-games' })).toMatchObject({
      title: 'Candle Games',
      participants: 10,
      creatorName: admin.username,
    });
  });

  it('fill leaderboards with demo members nobody can sign in as', async () => {
    const demo = (await t.db.select().from(users).where(eq(users.username, 'alex_trader')))[0]!;
    expect(await testPasswords.verify('', demo.password)).toBe(false);
    expect(await testPasswords.verify('!demo-account-without-password', demo.password)).toBe(false);
  });
});

describe('the demo covers', () => {
  it('are five different 1200x630 JPEGs shipped in public/images/contests', async () => {
    const digests = new Set<string>();
    for (const url of DEMO_COVER_IMAGES) {
      const file = path.resolve('public', url.slice(1));
      const meta = await sharp(file).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
      digests.add(fs.readFileSync(file).toString('base64'));
    }
    expect(digests.size).toBe(5);
    expect(rows.map((r) => r.coverImage)).toEqual(DEMO_COVER_IMAGES);
  });
});

describe('the demo tournaments', () => {
  const [knockout, league] = all.slice(5);
  const viewer = () => createUser(t.db);
  const roundsOf = (bracket: TBracket) =>
    bracket.stages.flatMap((s) => s.groups.flatMap((g) => g.rounds));

  it('leave no mail, notification or audit entry behind: nobody acted', async () => {
    expect(await t.db.select().from(mailOutbox)).toEqual([]);
    expect(await t.db.select().from(notifications)).toEqual([]);
    expect(await t.db.select().from(auditLog)).toEqual([]);
  });

  it('are free, running since yesterday, without a cover, with demo members for a field', async () => {
    for (const [i, c] of [knockout!, league!].entries()) {
      expect(c).toMatchObject({
        status: 'active',
        featured: false,
        draft: false,
        participationType: 'free',
        requiredTier: 'free',
        mode: 'individual',
        coverImage: null,
        createdBy: admin.id,
        participants: DEMO_TOURNAMENTS[i]!.field,
      });
      expect(c.startDate!.getTime()).toBeLessThan(before);
      expect(c.registrationDeadline!.getTime()).toBeLessThan(before);
      expect(c.endDate!.getTime()).toBeGreaterThan(Date.now());
      expect(c.bracketGeneratedAt).not.toBeNull();
    }
    expect(knockout!.format).toBe('knockout');
    expect(league!.format).toBe('league');
  });

  it('knockout: the four quarter-finals completed, the semi-finals ready between their winners', async () => {
    const { caller } = callerFor(t, await viewer());
    const bracket = await caller.tournaments.bracket({ contestId: knockout!.id });
    expect(bracket).toMatchObject({ format: 'knockout', generated: true, placement: null });
    const rounds = roundsOf(bracket);
    expect(rounds.map((r) => [r.name, r.matches.map((m) => m.status)])).toEqual([
      ['Quarter-finals', ['completed', 'completed', 'completed', 'completed']],
      ['Semi-finals', ['ready', 'ready']],
      ['Final', ['waiting']],
      ['Third-place match', ['waiting']],
    ]);
    const [quarters, semis] = rounds;
    // The eight first demo members, each once, with the seed's scores: one winner a match.
    expect(quarters!.matches.flatMap((m) => m.participants.map((p) => p?.name)).sort()).toEqual(
      DEMO_MEMBERS.slice(0, 8)
        .map((m) => m.username)
        .sort(),
    );
    expect(quarters!.matches.map((m) => m.participants.map((p) => p?.score))).toEqual(
      DEMO_TOURNAMENTS[0]!.results,
    );
    const winners = quarters!.matches.map((m) => {
      expect(m.participants.map((p) => p?.result).sort()).toEqual(['loss', 'win']);
      return m.participants.find((p) => p?.result === 'win')!.name;
    });
    expect(semis!.matches.map((m) => m.participants.map((p) => p?.name))).toEqual([
      [winners[0], winners[1]],
      [winners[2], winners[3]],
    ]);
    // The matches procedure says the same; the organiser may report the semi-finals now.
    const completed = await caller.tournaments.matches({
      contestId: knockout!.id,
      status: 'completed',
    });
    expect(completed.map((m) => m.id)).toEqual(quarters!.matches.map((m) => m.id));
    const ready = await callerFor(t, admin).caller.tournaments.matches({
      contestId: knockout!.id,
      status: 'ready',
    });
    expect(ready.map((m) => [m.id, m.canReport])).toEqual(semis!.matches.map((m) => [m.id, true]));
    // A knockout has no standings table.
    expect((await caller.tournaments.standings({ contestId: knockout!.id })).groups).toEqual([]);
  });

  it('league: its first results, and standings that are the sum of them', async () => {
    const { caller } = callerFor(t, await viewer());
    const bracket = await caller.tournaments.bracket({ contestId: league!.id });
    expect(bracket).toMatchObject({ format: 'league', generated: true, placement: null });
    // Six players, each meeting each once: 15 matches in 5 rounds, the first two played.
    const rounds = roundsOf(bracket);
    expect(rounds.map((r) => r.matches.map((m) => m.status))).toEqual([
      ...Array.from({ length: 2 }, () => ['completed', 'completed', 'completed']),
      ...Array.from({ length: 3 }, () => ['ready', 'ready', 'ready']),
    ]);
    const played = await caller.tournaments.matches({ contestId: league!.id, status: 'completed' });
    expect(played.map((m) => m.participants.map((p) => p?.score))).toEqual(
      DEMO_TOURNAMENTS[1]!.results,
    );
    // The table, worked out from the results at 3/1/0.
    type Line = Record<'played' | 'won' | 'drawn' | 'lost' | 'for' | 'against' | 'points', number>;
    const expected = new Map<number, Line>();
    const line = (id: number) => {
      let row = expected.get(id);
      if (!row) {
        row = { played: 0, won: 0, drawn: 0, lost: 0, for: 0, against: 0, points: 0 };
        expected.set(id, row);
      }
      return row;
    };
    for (const m of played) {
      const [a, b] = m.participants.map((p) => p!);
      for (const [me, them] of [
        [a!, b!],
        [b!, a!],
      ] as const) {
        const row = line(me.id!);
        row.played += 1;
        row.for += me.score!;
        row.against += them.score!;
        if (me.score! > them.score!) {
          row.won += 1;
          row.points += 3;
        } else if (me.score === them.score) {
          row.drawn += 1;
          row.points += 1;
        } else row.lost += 1;
      }
    }
    const standings = await caller.tournaments.standings({ contestId: league!.id });
    expect(standings.groups).toHaveLength(1);
    const table = standings.groups[0]!.rows;
    expect(table.map((r) => r.name).sort()).toEqual(
      DEMO_MEMBERS.slice(0, 6)
        .map((m) => m.username)
        .sort(),
    );
    for (const row of table) {
      const want = expected.get(row.participantId)!;
      expect(row).toMatchObject({ ...want, difference: want.for - want.against });
    }
    expect(table.map((r) => r.rank)[0]).toBe(1);
    const points = table.map((r) => r.points);
    expect(points).toEqual([...points].sort((x, y) => y - x));
    expect(points.some((p) => p > 0)).toBe(true);
  });
});
