// The demo tournaments (issue 19 'Seed demo data'): a knockout in progress, its quarter-finals
// played, and a league with its first rounds played. Both are made the way an organiser makes
// them: the bracket generated and the results reported through the tournament engine, so the
// demo shows exactly what the product does. What the engine does besides for a person acting
// (the audit log's entry, the members told their match is ready, by notification and e-mail) is
// taken back in the same transaction: nobody acted, and the demo members cannot sign in and
// have no real addresses. Like every seeded row, the matches carry the seed's moment, so
// 'Remove demo data' tells a match changed since (a result, a time) from the seed's own.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/client';
import {
  auditLog,
  bracketMatches,
  contestParticipants,
  contests,
  mailOutbox,
  notifications,
} from '../platform/db/schema';
import type { Actor } from '../platform/actor';
import type { ContestCategory, ContestFormat } from '../../shared/contests';
import type { TTournamentSettingsInput } from '../../shared/schemas/tournaments';
import { addParticipant } from '../domain/participation/contestParticipants';
import { generateBracket, readMatches, reportMatch } from '../domain/tournaments';

const DAY = 24 * 3600 * 1000;

interface DemoTournament {
  slug: string;
  title: string;
  category: ContestCategory;
  format: ContestFormat;
  tournament: TTournamentSettingsInput;
  shortDescription: string;
  description: string;
  /** How many demo members take part (the first ones of DEMO_MEMBERS). */
  field: number;
  /** Results reported in bracket order: [score of the first side, of the second]. */
  results: [number, number][];
}

export const DEMO_TOURNAMENTS: DemoTournament[] = [
  {
    slug: 'rapid-chess-knockout',
    title: 'Rapid Chess Knockout',
    category: 'gaming',
    format: 'knockout',
    tournament: { elimination: 'single', thirdPlaceMatch: true, autoGenerate: false },
    shortDescription: 'Eight players, one bracket: rapid games until one champion is left.',
    description: [
      '## Overview',
      '',
      'A single-elimination rapid chess bracket for eight players, seeded by rating. The',
      'quarter-finals are played; the semi-finals are next.',
      '',
      '## Rules',
      '',
      '- Each match is one rapid game (15 minutes + 10 seconds); a draw is replayed until a winner.',
      '- The two semi-final losers play for third place.',
    ].join('\n'),
    field: 8,
    results: [
      [1, 0],
      [1, 0],
      [0, 1],
      [1, 0],
    ],
  },
  {
    slug: 'five-a-side-league',
    title: 'Five-a-Side League',
    category: 'sports',
    format: 'league',
    tournament: { legs: 1, pointsWin: 3, pointsDraw: 1, pointsLoss: 0, autoGenerate: false },
    shortDescription: 'Six players, everyone meets everyone once: three points a win.',
    description: [
      '## Overview',
      '',
      'A round-robin league: every player meets every other once. Three points for a win, one',
      'for a draw. Ties on points go to the head-to-head result, then goal difference, then goals',
      'scored.',
    ].join('\n'),
    field: 6,
    results: [
      [3, 1],
      [2, 2],
      [0, 1],
      [4, 2],
      [1, 1],
      [2, 0],
    ],
  },
];

/**
 * Writes the demo tournaments in `tx` for the members (ids, DEMO_MEMBERS order) and the organiser
 * `creator`; answers their ids (their rows go in demo_rows with the other demo contests').
 */
export async function seedTournaments(
  tx: DbOrTx,
  { creator, members, now }: { creator: Actor; members: number[]; now: number },
): Promise<number[]> {
  const contestIds: number[] = [];
  for (const demo of DEMO_TOURNAMENTS) {
    // Started yesterday: registration has closed, so the organiser could generate the bracket.
    const start = now - DAY;
    const [row] = await tx
      .insert(contests)
      .values({
        slug: demo.slug,
        title: demo.title,
        shortDescription: demo.shortDescription,
        description: demo.description,
        type: demo.category,
        category: demo.category,
        mode: 'individual',
        format: demo.format,
        tournament: demo.tournament,
        maxParticipants: demo.field,
        participationType: 'free',
        requiredTier: 'free',
        status: 'active',
        featured: false,
        registrationDeadline: new Date(start),
        startDate: new Date(start),
        endDate: new Date(start + 7 * DAY),
        createdBy: creator.id,
        draft: false,
        publishedAt: new Date(now),
        createdAt: new Date(now),
        updatedAt: new Date(now),
      })
      .returning({ id: contests.id });
    const contestId = row!.id;
    contestIds.push(contestId);
    for (const userId of members.slice(0, demo.field)) {
      await addParticipant({ db: tx, contestId, userId });
    }
    const entries = await tx
      .select({ id: contestParticipants.id })
      .from(contestParticipants)
      .where(eq(contestParticipants.contestId, contestId))
      .orderBy(asc(contestParticipants.id));
    // Seeded in the members' order (a rating list), as an organiser orders them by hand.
    await generateBracket(tx, creator, {
      contestId,
      seeding: 'manual',
      order: entries.map((e) => e.id),
    });
    const ready = await readMatches(tx, creator, { contestId, status: 'ready' });
    if (ready.length < demo.results.length) {
      throw new Error(`${demo.slug}: ${ready.length} ready matches for ${demo.results.length}`);
    }
    for (const [i, scores] of demo.results.entries()) {
      await reportMatch(tx, creator, { matchId: ready[i]!.id, scores });
    }
  }
  if (!contestIds.length) return contestIds;
  await tx
    .update(bracketMatches)
    .set({ updatedAt: new Date(now) })
    .where(inArray(bracketMatches.contestId, contestIds));
  // The members are the seed's own, made in this transaction: all they were sent is the seed's.
  if (members.length) {
    await tx.delete(mailOutbox).where(inArray(mailOutbox.userId, members));
    await tx.delete(notifications).where(inArray(notifications.userId, members));
  }
  await tx.delete(auditLog).where(
    and(
      eq(auditLog.targetType, 'contest'),
      inArray(
        auditLog.targetId,
        contestIds.map((id) => String(id)),
      ),
    ),
  );
  return contestIds;
}
