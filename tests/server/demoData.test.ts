// 'Remove demo data' (issue 18): the plan removes only seeded rows nobody has touched and says
// why it keeps the others; the removal does exactly what the preview showed (and refuses when
// the data changed in between), is audited, and a second run has nothing to do. The migration's
// back-fill recognises an older install's demo rows as the seed records them. Both engines.
import fs from 'node:fs';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  bracketGroups,
  bracketMatches,
  bracketRounds,
  bracketStages,
  contestParticipants,
  contests,
  demoRows,
  educationContent,
  paymentProofs,
  users,
} from '../../src/server/platform/db/schema';
import { execute } from '../../src/server/platform/db/dialect';
import { dialect } from '../../src/server/platform/db/dialectChoice';
import { MIGRATIONS_DIR, PG_MIGRATIONS_DIR } from '../../src/server/platform/paths';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { setScores } from '../../src/server/domain/participation/leaderboard';
import { seedDemo } from '../../src/server/seed/seed';
import { DEMO_MEMBERS } from '../../src/server/seed/seedContests';
import { DEMO_TOURNAMENTS } from '../../src/server/seed/seedTournaments';
import { SEED_EDUCATION } from '../../src/server/seed/seedEducation';
import { DEMO_CONTEST_SLUGS } from '../../src/shared/contests';
import type { TDemoPlan } from '../../src/shared/schemas/demoData';
import { callerFor, createTestDb, createUser, type CreatedUser, type TestDb } from '../helpers/db';
import { insertContest } from '../helpers/contests';
import { insertProof } from '../helpers/payments';

const open: TestDb[] = [];
afterAll(async () => {
  for (const t of open) await t.close();
});

interface World {
  t: TestDb;
  admin: CreatedUser;
  /** A member who signs up for real. */
  ann: CreatedUser;
  /** Rows the seed did not write, which no removal may touch. */
  realContestId: number;
  realItemId: number;
}

/** A fresh database with an admin, the demo seed, and a real member, contest and item. */
async function seededWorld(): Promise<World> {
  const t = await createTestDb();
  open.push(t);
  const admin = await createUser(t.db, { role: 'admin', username: 'demo_admin' });
  await seedDemo(t.db);
  const ann = await createUser(t.db, { username: 'ann' });
  const realContestId = (await insertContest(t.db, { createdBy: ann.id, title: 'Real Cup' })).id;
  const [item] = await t.db
    .insert(educationContent)
    .values({ slug: 'a-real-item', title: 'A Real Item', content: 'Written by the admin.' })
    .returning({ id: educationContent.id });
  return { t, admin, ann, realContestId, realItemId: item!.id };
}

async function idOf(t: TestDb, slug: string): Promise<number> {
  const [row] = await t.db
    .select({ id: contests.id })
    .from(contests)
    .where(eq(contests.slug, slug));
  return row!.id;
}

async function userIdOf(t: TestDb, username: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

const names = (plan: Pick<TDemoPlan, 'remove'>['remove'], kind: string) =>
  plan.filter((r) => r.kind === kind).map((r) => r.name);

const DEMO_USERNAMES = DEMO_MEMBERS.map((m) => m.username);
const SAMPLE_TITLES = [
  'The Dake Contest',
  'Candle Games',
  'Forex Sprint',
  'Strategy Masters',
  'Elite Championship',
];
/** The demo tournaments (issue 19), seeded after the samples with brackets in progress. */
const TOURNAMENT_TITLES = DEMO_TOURNAMENTS.map((d) => d.title);
const DEMO_TITLES = [...SAMPLE_TITLES, ...TOURNAMENT_TITLES];
/** Leaderboard entries: the two running samples' ten each, the tournaments' fields. */
const SAMPLE_ENTRIES = 20;
const TOURNAMENT_ENTRIES = DEMO_TOURNAMENTS.reduce((n, d) => n + d.field, 0);
const DEMO_ENTRIES = SAMPLE_ENTRIES + TOURNAMENT_ENTRIES;
const ITEM_TITLES = SEED_EDUCATION.map((i) => i.title);

async function auditRows(t: TestDb) {
  return t.db
    .select({ actorId: auditLog.actorId, after: auditLog.after })
    .from(auditLog)
    .where(eq(auditLog.action, 'demo.remove'));
}

describe('untouched demo data', () => {
  it('goes entirely, exactly as previewed, audited, and a second run has nothing to do', async () => {
    const w = await seededWorld();
    const { caller } = callerFor(w.t, w.admin);
    const plan = await caller.adminDemo.preview();
    expect(names(plan.remove, 'contest')).toEqual(DEMO_TITLES);
    expect(names(plan.remove, 'member')).toEqual(DEMO_USERNAMES);
    expect(names(plan.remove, 'education')).toEqual(ITEM_TITLES);
    expect(plan.entries).toBe(DEMO_ENTRIES);
    expect(plan.keep).toEqual([]);

    const result = await caller.adminDemo.remove({ token: plan.token });
    expect(result).toEqual({ removed: plan.remove, entries: plan.entries, kept: plan.keep });

    // What the seed wrote is gone; the admin, ann, the real contest and item are all there.
    const left = await w.t.db
      .select({ username: users.username })
      .from(users)
      .orderBy(asc(users.id));
    expect(left.map((u) => u.username)).toEqual(['demo_admin', 'ann']);
    const contestsLeft = await w.t.db.select({ id: contests.id }).from(contests);
    expect(contestsLeft.map((c) => c.id)).toEqual([w.realContestId]);
    const itemsLeft = await w.t.db.select({ id: educationContent.id }).from(educationContent);
    expect(itemsLeft.map((i) => i.id)).toEqual([w.realItemId]);
    expect(await w.t.db.select().from(contestParticipants)).toEqual([]);
    expect(await w.t.db.select().from(demoRows)).toEqual([]);
    // The tournaments' brackets went with them.
    for (const table of [bracketStages, bracketGroups, bracketRounds, bracketMatches]) {
      expect(await w.t.db.select().from(table)).toEqual([]);
    }
    // The education search forgets the removed items too.
    expect((await caller.education.list({ search: 'Candlestick', page: 1 })).total).toBe(0);

    const audits = await auditRows(w.t);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorId).toBe(w.admin.id);
    expect(JSON.parse(audits[0]!.after!)).toMatchObject({
      removed: '7 contests, 10 members and 4 education items',
      leaderboardEntries: DEMO_ENTRIES,
      kept: 'nothing',
    });

    // Idempotent: nothing left to remove, nothing kept, and a second removal changes nothing.
    const again = await caller.adminDemo.preview();
    expect(again).toMatchObject({ remove: [], keep: [], entries: 0 });
    expect(await caller.adminDemo.remove({ token: again.token })).toEqual({
      removed: [],
      entries: 0,
      kept: [],
    });
    expect(await auditRows(w.t)).toHaveLength(1);
  });
});

describe('touched demo data', () => {
  it('stays with its reasons; the rest goes; real rows are never touched', async () => {
    const w = await seededWorld();
    const { caller } = callerFor(w.t, w.admin);
    const sprint = await idOf(w.t, 'forex-sprint');
    const masters = await idOf(w.t, 'strategy-masters');
    const maria = await userIdOf(w.t, 'maria_fx');
    const sam = await userIdOf(w.t, 'sam_pips');
    const [edited, saved] = await w.t.db
      .select({ id: educationContent.id, title: educationContent.title })
      .from(educationContent)
      .where(inArray(educationContent.slug, [SEED_EDUCATION[0]!.slug, SEED_EDUCATION[1]!.slug]))
      .orderBy(asc(educationContent.id));

    // A real member joins one demo contest; an admin features another.
    await addParticipant({ db: w.t.db, contestId: sprint, userId: w.ann.id });
    await caller.contests.setFeatured({ id: masters, featured: true });
    // A demo member paid (a tier upgrade); another was given a password by an admin.
    const proofId = await insertProof(w.t.db, { userId: maria, tier: 'pro' });
    await caller.adminUsers.setPassword({ id: sam, password: 'a-temporary-pass-42' });
    // One item edited by the admin, one saved by ann.
    await caller.education.update({
      id: edited!.id,
      title: `${edited!.title} (revised)`,
      kind: 'tutorial',
      content: 'A revised body for the seeded tutorial.',
    });
    await callerFor(w.t, w.ann).caller.education.save({ id: saved!.id });

    const plan = await caller.adminDemo.preview();
    expect(plan.keep).toEqual([
      { kind: 'contest', id: sprint, name: 'Forex Sprint', reasons: ['Joined by ann'] },
      {
        kind: 'contest',
        id: masters,
        name: 'Strategy Masters',
        reasons: ['Edited after it was seeded (Changed featured contest)'],
      },
      { kind: 'member', id: maria, name: 'maria_fx', reasons: ['Submitted 1 payment proof'] },
      {
        kind: 'member',
        id: sam,
        name: 'sam_pips',
        reasons: ['Changed by an admin (Set temporary password)'],
      },
      {
        kind: 'education',
        id: edited!.id,
        name: `${edited!.title} (revised)`,
        reasons: ['Edited after it was seeded (Edited education content)'],
      },
      { kind: 'education', id: saved!.id, name: saved!.title, reasons: ['Saved by 1 member'] },
    ]);
    expect(names(plan.remove, 'contest')).toEqual([
      'The Dake Contest',
      'Candle Games',
      'Elite Championship',
      ...TOURNAMENT_TITLES,
    ]);
    expect(names(plan.remove, 'member')).toEqual(
      DEMO_USERNAMES.filter((u) => u !== 'maria_fx' && u !== 'sam_pips'),
    );
    expect(names(plan.remove, 'education')).toEqual(ITEM_TITLES.slice(2));
    expect(plan.entries).toBe(DEMO_ENTRIES);

    // Between the preview and the confirmation ann joins another demo contest: the removal
    // would no longer be what the admin saw, so it is refused and nothing changes.
    const elite = await idOf(w.t, 'elite-championship');
    await addParticipant({ db: w.t.db, contestId: elite, userId: w.ann.id });
    const before = await w.t.db.select({ id: users.id }).from(users);
    const refused = await caller.adminDemo.remove({ token: plan.token }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TRPCError);
    expect((refused as TRPCError).code).toBe('CONFLICT');
    expect(await w.t.db.select({ id: users.id }).from(users)).toEqual(before);
    expect(await auditRows(w.t)).toHaveLength(0);

    const fresh = await caller.adminDemo.preview();
    expect(fresh.keep.find((k) => k.id === elite && k.kind === 'contest')?.reasons).toEqual([
      'Joined by ann',
    ]);
    const result = await caller.adminDemo.remove({ token: fresh.token });
    expect(result).toEqual({ removed: fresh.remove, entries: fresh.entries, kept: fresh.keep });

    // Every row the plan removes is gone, every row it keeps is there.
    const goneContests = fresh.remove.filter((r) => r.kind === 'contest').map((r) => r.id);
    expect(await w.t.db.select().from(contests).where(inArray(contests.id, goneContests))).toEqual(
      [],
    );
    const kept = await w.t.db
      .select({ title: contests.title, participants: contests.participants })
      .from(contests)
      .orderBy(asc(contests.id));
    expect(kept).toEqual([
      { title: 'Forex Sprint', participants: 1 },
      { title: 'Strategy Masters', participants: 0 },
      { title: 'Elite Championship', participants: 1 },
      { title: 'Real Cup', participants: 0 },
    ]);
    const people = await w.t.db
      .select({ username: users.username })
      .from(users)
      .orderBy(asc(users.id));
    expect(people.map((p) => p.username)).toEqual(['demo_admin', 'maria_fx', 'sam_pips', 'ann']);
    // Maria's proof is a financial record, and still hers.
    const [proof] = await w.t.db
      .select({ userId: paymentProofs.userId })
      .from(paymentProofs)
      .where(eq(paymentProofs.id, proofId));
    expect(proof!.userId).toBe(maria);
    // Ann's entries, in the two contests that stay.
    const annEntries = await w.t.db
      .select({ contestId: contestParticipants.contestId })
      .from(contestParticipants)
      .where(eq(contestParticipants.userId, w.ann.id))
      .orderBy(asc(contestParticipants.contestId));
    expect(annEntries.map((e) => e.contestId)).toEqual([sprint, elite]);
    const items = await w.t.db
      .select({ id: educationContent.id })
      .from(educationContent)
      .orderBy(asc(educationContent.id));
    expect(items.map((i) => i.id)).toEqual([edited!.id, saved!.id, w.realItemId]);

    // The kept rows stay recorded as demo rows: a second run keeps them for the same reasons.
    const again = await caller.adminDemo.preview();
    expect(again.remove).toEqual([]);
    expect(again.keep).toEqual(fresh.keep);
    const audits = await auditRows(w.t);
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0]!.after!)).toMatchObject({
      removed: '4 contests, 8 members and 2 education items',
      kept: '3 contests, 2 members and 2 education items',
    });
  });

  it('keeps a demo tournament with a result since the seed; an untouched one goes with its bracket', async () => {
    const w = await seededWorld();
    const { caller } = callerFor(w.t, w.admin);
    const knockout = await idOf(w.t, 'rapid-chess-knockout');
    const league = await idOf(w.t, 'five-a-side-league');
    // The seed's own results are no change; the admin plays a semi-final.
    expect((await caller.adminDemo.preview()).keep).toEqual([]);
    const [semi] = await caller.tournaments.matches({ contestId: knockout, status: 'ready' });
    await caller.tournaments.report({ matchId: semi!.id, scores: [2, 1] });

    const plan = await caller.adminDemo.preview();
    expect(plan.keep.filter((k) => k.kind === 'contest')).toEqual([
      {
        kind: 'contest',
        id: knockout,
        name: 'Rapid Chess Knockout',
        // The semi-final, the two quarter-finals before it (now closed to changes), and the
        // final and third-place match its two players went on to.
        reasons: ['Bracket changed (5 matches)'],
      },
    ]);
    // Its eight players stay with it; the other two demo members go.
    const kept = plan.keep.filter((k) => k.kind === 'member').map((k) => k.name);
    expect(kept).toEqual(DEMO_USERNAMES.slice(0, 8));
    expect(plan.keep.find((k) => k.name === 'alex_trader')?.reasons).toEqual([
      'On the leaderboard of Rapid Chess Knockout, which stays',
    ]);
    expect(names(plan.remove, 'contest')).toEqual(SAMPLE_TITLES.concat('Five-a-Side League'));
    await caller.adminDemo.remove({ token: plan.token });
    // The league's bracket went with it; the knockout's is whole, its semi-final played.
    expect(
      await w.t.db
        .select({ id: bracketMatches.id })
        .from(bracketMatches)
        .where(eq(bracketMatches.contestId, league)),
    ).toEqual([]);
    const after = await caller.tournaments.matches({ contestId: knockout });
    expect(after.filter((m) => m.status === 'completed')).toHaveLength(5);
  });

  it('keeps a scored contest and the demo members on its leaderboard', async () => {
    const w = await seededWorld();
    const { caller } = callerFor(w.t, w.admin);
    const dake = await idOf(w.t, 'the-dake-contest');
    await setScores({
      db: w.t.db,
      actor: { ...w.admin },
      contestId: dake,
      scores: [{ username: 'alex_trader', score: 9999 }],
    });
    const plan = await caller.adminDemo.preview();
    expect(plan.keep.filter((k) => k.kind === 'contest')).toEqual([
      {
        kind: 'contest',
        id: dake,
        name: 'The Dake Contest',
        reasons: ['Scores entered (1 change)'],
      },
    ]);
    const alex = plan.keep.find((k) => k.name === 'alex_trader');
    expect(alex?.reasons).toEqual([
      'Has scores entered (1 change)',
      'On the leaderboard of The Dake Contest, which stays',
    ]);
    expect(plan.keep.find((k) => k.name === 'raj_momentum')?.reasons).toEqual([
      'On the leaderboard of The Dake Contest, which stays',
    ]);
    expect(names(plan.remove, 'member')).toEqual([]);
    // Candle Games goes with its ten seeded entries (and the tournaments with their fields); the
    // Dake Contest keeps its ten.
    expect(names(plan.remove, 'contest')).toEqual(DEMO_TITLES.slice(1));
    expect(plan.entries).toBe(10 + TOURNAMENT_ENTRIES);
    await caller.adminDemo.remove({ token: plan.token });
    const [dakeRow] = await w.t.db
      .select({ participants: contests.participants })
      .from(contests)
      .where(eq(contests.id, dake));
    expect(dakeRow!.participants).toBe(10);
    expect(await w.t.db.select().from(contestParticipants)).toHaveLength(10);
  });
});

describe('access', () => {
  it('refuses members and moderators, and changes nothing', async () => {
    const w = await seededWorld();
    const moderator = await createUser(w.t.db, { role: 'moderator' });
    const plan = await callerFor(w.t, w.admin).caller.adminDemo.preview();
    for (const who of [w.ann, moderator]) {
      const { caller } = callerFor(w.t, who);
      await expect(caller.adminDemo.preview()).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(caller.adminDemo.remove({ token: plan.token })).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
    }
    await expect(callerFor(w.t).caller.adminDemo.preview()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(await w.t.db.select().from(demoRows)).toHaveLength(7 + 10 + DEMO_ENTRIES + 4);
    expect((await callerFor(w.t, w.admin).caller.adminDemo.preview()).token).toBe(plan.token);
  });
});

/** The hand-written statements of the migration that created demo_rows, for this engine. */
function backfillStatements(): string[] {
  const folder = dialect === 'pg' ? PG_MIGRATIONS_DIR : MIGRATIONS_DIR;
  const file = fs.readdirSync(folder).find((f) => /_demo_rows\.sql$/.test(f));
  expect(file).toBeDefined();
  const text = fs.readFileSync(path.join(folder, file!), 'utf8');
  const custom = text.slice(text.indexOf('-- custom:'));
  return custom
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => /INSERT INTO/.test(s));
}

async function recorded(t: TestDb) {
  const rows = await t.db.select().from(demoRows);
  return rows.map((r) => `${r.tableName}:${r.rowId}`).sort();
}

describe('the back-fill of an install seeded before demo_rows', () => {
  it('recognises the rows the seed records, and only those', async () => {
    const w = await seededWorld();
    // After the seed, before the upgrade: ann joins a demo contest (not a seeded entry).
    await addParticipant({
      db: w.t.db,
      contestId: await idOf(w.t, 'candle-games'),
      userId: w.ann.id,
    });
    const bySeed = await recorded(w.t);
    expect(bySeed).toHaveLength(7 + 10 + DEMO_ENTRIES + 4);
    // A seed before demo_rows wrote no tournaments (issue 19 came later): the back-fill names
    // none, so it recognises all the rest and not them.
    const tournaments = (
      await w.t.db
        .select({ id: contests.id })
        .from(contests)
        .where(
          inArray(
            contests.slug,
            DEMO_TOURNAMENTS.map((d) => d.slug),
          ),
        )
    ).map((c) => c.id);
    const fields = await w.t.db
      .select({ id: contestParticipants.id })
      .from(contestParticipants)
      .where(inArray(contestParticipants.contestId, tournaments));
    expect(fields).toHaveLength(TOURNAMENT_ENTRIES);
    const notBackfilled = new Set([
      ...tournaments.map((id) => `contests:${id}`),
      ...fields.map((e) => `contest_participants:${e.id}`),
    ]);
    await w.t.db.delete(demoRows);
    for (const statement of backfillStatements()) await execute(w.t.db, sql.raw(statement));
    expect(await recorded(w.t)).toEqual(bySeed.filter((r) => !notBackfilled.has(r)));
  });

  it('names every slug and username the seed writes', () => {
    const text = backfillStatements().join('\n');
    const seeded = [...DEMO_CONTEST_SLUGS, ...DEMO_USERNAMES, ...SEED_EDUCATION.map((i) => i.slug)];
    for (const name of seeded) expect(text).toContain(`'${name}'`);
  });

  it('takes no real rows that only look like demo ones for demo data', async () => {
    const t = await createTestDb();
    open.push(t);
    // An install without the seed whose admin made a 'Candle Games' and a member registered as
    // one of the demo names, with a demo address, at other moments.
    const admin = await createUser(t.db, { role: 'admin' });
    await insertContest(t.db, {
      createdBy: admin.id,
      slug: 'candle-games',
      title: 'Candle Games',
      createdAt: new Date(Date.now() - 60_000),
    });
    await createUser(t.db, { username: 'alex_trader', email: 'alex_trader@demo.example.com' });
    await t.db
      .insert(educationContent)
      .values({ slug: SEED_EDUCATION[0]!.slug, title: 'Mine', content: 'My own piece.' });
    for (const statement of backfillStatements()) await execute(t.db, sql.raw(statement));
    expect(await recorded(t)).toEqual([]);
    // Nothing to remove either.
    const plan = await callerFor(t, admin).caller.adminDemo.preview();
    expect(plan).toMatchObject({ remove: [], keep: [] });
  });
});
