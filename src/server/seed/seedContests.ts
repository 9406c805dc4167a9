// The demo contests of PRODUCT.md 'Samples become seed data': SPEC 9's five sample contests with
// their slugs, fees, caps and 7-day durations, dated relative to the first start (two running and
// featured, two upcoming, one completed), and the two running ones' 10-entry leaderboards; then
// the demo tournaments (seedTournaments.ts) with the same members.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/client';
import { contestParticipants, contests, users } from '../platform/db/schema';
import type { Tier } from '../../shared/constants';
import type { ContestCategory, ContestFormat, ContestStatus } from '../../shared/contests';
import { addParticipant } from '../domain/participation/contestParticipants';
import { DEMO_NO_PASSWORD, recordDemoRows } from '../domain/admin';
import { seedTournaments } from './seedTournaments';

const DAY = 24 * 3600 * 1000;

interface DemoContest {
  slug: string;
  title: string;
  category: ContestCategory;
  shortDescription: string;
  entryFee: string;
  maxParticipants: number;
  requiredTier: Tier;
  prize: string;
  /** Days from the first start to the contest's start; each runs 7 days (SPEC 9). */
  startsInDays: number;
  status: ContestStatus;
  featured: boolean;
  description: string;
  /** 'league' unless named: a scored board entered as before formats were real. */
  format?: Extract<ContestFormat, 'league' | 'open'>;
}

function rules(intro: string, scoring: string, prizes: [string, string, string]): string {
  return [
    '## Overview',
    '',
    intro,
    '',
    '## Rules',
    '',
    '- Register before the deadline; entries close when the contest is full.',
    '- One account per member; sharing accounts or signals leads to disqualification.',
    '- Results are posted daily and are final once the contest ends.',
    '',
    '## Scoring',
    '',
    scoring,
    '',
    '## Prizes',
    '',
    `1. First place: ${prizes[0]}`,
    `2. Second place: ${prizes[1]}`,
    `3. Third place: ${prizes[2]}`,
  ].join('\n');
}

const DEMO_CONTESTS: DemoContest[] = [
  {
    slug: 'the-dake-contest',
    title: 'The Dake Contest',
    category: 'forex',
    shortDescription: 'A week of forex trading on a virtual $10,000 account. Best return wins.',
    entryFee: '100',
    maxParticipants: 50,
    requiredTier: 'free',
    prize: '$5,000 / $2,500 / $1,000',
    startsInDays: -1,
    status: 'active',
    featured: true,
    description: rules(
      'The Dake Contest is our flagship forex challenge: seven days, one virtual account of ' +
        '$10,000 and the major currency pairs.',
      'Members are ranked by the percentage return of their account at the close of the last ' +
        'day; ties go to the lower maximum drawdown.',
      ['$5,000', '$2,500', '$1,000'],
    ),
  },
  {
    slug: 'candle-games',
    title: 'Candle Games',
    category: 'forex',
    shortDescription: 'Read the candles, call the moves: a price-action contest for all levels.',
    entryFee: '100',
    maxParticipants: 100,
    requiredTier: 'free',
    prize: '$4,000 / $2,000 / $800',
    startsInDays: -2,
    status: 'active',
    featured: true,
    description: rules(
      'Candle Games is a price-action contest: every day brings new charts and members call the ' +
        'next move from the candles alone.',
      'Each correct call scores points weighted by its difficulty; the total over the seven ' +
        'days decides the ranking.',
      ['$4,000', '$2,000', '$800'],
    ),
  },
  {
    slug: 'forex-sprint',
    title: 'Forex Sprint',
    category: 'forex',
    shortDescription: 'Seven fast days of intraday trading for standard members and above.',
    entryFee: '50',
    maxParticipants: 75,
    requiredTier: 'standard',
    prize: '$1,500 / $750 / $300',
    startsInDays: 5,
    status: 'active',
    featured: false,
    description: rules(
      'Forex Sprint rewards quick decisions: positions must be opened and closed on the same day.',
      'Ranked by total return; every position counts, including the losing ones.',
      ['$1,500', '$750', '$300'],
    ),
  },
  {
    slug: 'strategy-masters',
    title: 'Strategy Masters',
    category: 'gaming',
    shortDescription: 'Turn-based strategy duels: plan ahead, adapt and outthink every rival.',
    entryFee: '75',
    maxParticipants: 100,
    requiredTier: 'pro',
    prize: '$2,000 / $1,000 / $500',
    startsInDays: 12,
    status: 'active',
    featured: false,
    description: rules(
      'Strategy Masters is a league of turn-based strategy duels played over one week.',
      'Three points for a win, one for a draw; the tie-break is the number of turns taken.',
      ['$2,000', '$1,000', '$500'],
    ),
  },
  {
    slug: 'elite-championship',
    title: 'Elite Championship',
    category: 'other',
    shortDescription: 'The invitation-level championship for elite members. Twenty seats only.',
    entryFee: '200',
    maxParticipants: 20,
    requiredTier: 'elite',
    prize: '$10,000 / $5,000 / $2,500',
    startsInDays: -14,
    status: 'completed',
    featured: false,
    // Over and never a bracket: a scored board (a league without its bracket would read as one
    // still waiting for it: 'The bracket has not been generated yet').
    format: 'open',
    description: rules(
      'The Elite Championship brings the best members of the season together for one week.',
      'Points from every round are summed; the final round counts double.',
      ['$10,000', '$5,000', '$2,500'],
    ),
  },
];

/**
 * Demo members for the two leaderboards; they cannot sign in (no usable password). The
 * migration that created demo_rows recognises an older seed's members by these names and their
 * '@demo.example.com' addresses: keep the three in step.
 */
export const DEMO_MEMBERS: { username: string; tier: Tier }[] = [
  { username: 'alex_trader', tier: 'elite' },
  { username: 'maria_fx', tier: 'pro' },
  { username: 'sam_pips', tier: 'standard' },
  { username: 'lena_charts', tier: 'pro' },
  { username: 'omar_scalps', tier: 'free' },
  { username: 'jin_swing', tier: 'standard' },
  { username: 'kate_candles', tier: 'elite' },
  { username: 'leo_bullish', tier: 'free' },
  { username: 'nina_hedge', tier: 'standard' },
  { username: 'raj_momentum', tier: 'free' },
];

/** Scores per running contest, highest first, in DEMO_MEMBERS order rotated per contest. */
const LEADERBOARD_SCORES = [9820, 9415, 9100, 8760, 8420, 8105, 7790, 7455, 7010, 6650];

/**
 * Writes the demo contests, members and leaderboards, each row recorded in demo_rows so that
 * 'Remove demo data' can tell them from real ones. Contests and members carry the same creation
 * moment (`now`), and a contest's updatedAt equals its createdAt until someone edits it.
 */
export async function seedContests(db: DbOrTx, now = Date.now()): Promise<void> {
  await db.transaction(async (tx) => {
    // The contests belong to the first admin (bootstrap creates one before seeding).
    const [admin] = await tx
      .select({ id: users.id, username: users.username, role: users.role })
      .from(users)
      .where(eq(users.role, 'admin'))
      .orderBy(asc(users.id))
      .limit(1);
    const creator = admin?.id ?? 1;
    const ids = new Map<string, number>();
    for (const demo of DEMO_CONTESTS) {
      const start = now + demo.startsInDays * DAY;
      const end = start + 7 * DAY;
      // Running contests stay open for registration until two days before their end.
      const deadline = demo.status === 'active' && start <= now ? end - 2 * DAY : start;
      const { startsInDays: _days, format = 'league', ...fields } = demo;
      const [row] = await tx
        .insert(contests)
        .values({
          ...fields,
          type: demo.category,
          coverImage: `/images/contests/${demo.slug}.jpg`,
          mode: 'individual',
          format,
          // Scored leaderboards (entered as before formats were real): no bracket at the start.
          tournament: { autoGenerate: false },
          participationType: 'paid',
          registrationDeadline: new Date(deadline),
          startDate: new Date(start),
          endDate: new Date(end),
          createdBy: creator,
          draft: false,
          publishedAt: new Date(now),
          createdAt: new Date(now),
          updatedAt: new Date(now),
        })
        .returning({ id: contests.id });
      ids.set(demo.slug, row!.id);
    }
    const members: number[] = [];
    for (const m of DEMO_MEMBERS) {
      const [member] = await tx
        .insert(users)
        .values({
          username: m.username,
          email: `${m.username}@demo.example.com`,
          password: DEMO_NO_PASSWORD,
          subscriptionTier: m.tier,
          createdAt: new Date(now),
        })
        .returning({ id: users.id });
      members.push(member!.id);
    }
    for (const [board, slug] of ['the-dake-contest', 'candle-games'].entries()) {
      for (let i = 0; i < members.length; i += 1) {
        const userId = members[(i + board * 3) % members.length]!;
        await addParticipant({
          db: tx,
          contestId: ids.get(slug)!,
          userId,
          score: LEADERBOARD_SCORES[i]!,
        });
      }
    }
    // The demo tournaments' organiser is the same admin (the creator organises either way).
    const tournaments = await seedTournaments(tx, {
      creator: { id: creator, username: admin?.username ?? 'admin', role: admin?.role ?? 'user' },
      members,
      now,
    });
    const contestIds = [...ids.values(), ...tournaments];
    const entries = await tx
      .select({ id: contestParticipants.id })
      .from(contestParticipants)
      .where(
        and(
          inArray(contestParticipants.contestId, contestIds),
          inArray(contestParticipants.userId, members),
        ),
      );
    await recordDemoRows(tx, 'contests', contestIds);
    await recordDemoRows(tx, 'users', members);
    await recordDemoRows(
      tx,
      'contest_participants',
      entries.map((e) => e.id),
    );
  });
}
