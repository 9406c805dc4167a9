// The demo seed (PRODUCT.md 'Samples become seed data'): SPEC 9's five contests with their slugs,
// fees, caps and 7-day durations around the first start, two featured and running with 10-entry
// leaderboards, two upcoming, one completed; the covers are real images in the repository.
import { rankColumn } from '../../src/server/domain/participation/contestParticipants';
import fs from 'node:fs';
import path from 'node:path';
import { asc, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { contestParticipants, contests, users } from '../../src/server/platform/db/schema';
import { seedDemo } from '../../src/server/seed/seed';
import { DEMO_CONTEST_SLUGS, DEMO_COVER_IMAGES } from '../../src/shared/contests';
import { callerFor, createTestDb, createUser } from '../helpers/db';
import { testPasswords } from '../helpers/db';

const t = await createTestDb();
afterAll(() => t.close());
const admin = await createUser(t.db, { role: 'admin' });
const before = Date.now();
await seedDemo(t.db);
const rows = await t.db.select().from(contests).orderBy(asc(contests.id));
const DAY = 24 * 3600 * 1000;

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
