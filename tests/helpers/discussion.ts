// A contest's discussion cast for the discussion suites: its creator (the organiser), a
// participant, a member outside it, a moderator, an admin and a banned member, none of them on
// their first day unless a test says so; and time passing between posts (the limits count from
// the posts' own times); a team contest with one registered team of two.
import { and, eq } from 'drizzle-orm';
import type { Role } from '../../src/shared/constants';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import {
  contestParticipants,
  type contests,
  discussionPosts,
  discussionUpvotes,
  teamMembers,
  teams,
  users,
} from '../../src/server/platform/db/schema';
import type { DB } from '../../src/server/platform/db/client';
import { createUser, type CreatedUser } from './db';
import { insertContest } from './contests';

export const DAY_MS = 24 * 3_600_000;

/** A member whose account is older than a day (no first-day limits), or new with `firstDay`. */
export async function discussionMember(
  db: DB,
  opts: { role?: Role; firstDay?: boolean } = {},
): Promise<CreatedUser> {
  const member = await createUser(db, { role: opts.role });
  if (!opts.firstDay) {
    await db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 2 * DAY_MS) })
      .where(eq(users.id, member.id));
  }
  return member;
}

export interface DiscussionCast {
  creator: CreatedUser;
  participant: CreatedUser;
  member: CreatedUser;
  moderator: CreatedUser;
  admin: CreatedUser;
  banned: CreatedUser;
  contestId: number;
}

/** A public, active contest with its cast; `status` for a hidden one. */
export async function discussionCast(
  db: DB,
  values: Partial<typeof contests.$inferInsert> = {},
): Promise<DiscussionCast> {
  const creator = await discussionMember(db);
  const participant = await discussionMember(db);
  const member = await discussionMember(db);
  const moderator = await discussionMember(db, { role: 'moderator' });
  const admin = await discussionMember(db, { role: 'admin' });
  const banned = await discussionMember(db, { role: 'banned' });
  const contest = await insertContest(db, { status: 'active', ...values, createdBy: creator.id });
  await addParticipant({ db, contestId: contest.id, userId: participant.id });
  return { creator, participant, member, moderator, admin, banned, contestId: contest.id };
}

/** Every post and upvote so far moved `ms` into the past, as if that much time had passed. */
export async function letTimePass(db: DB, ms = DAY_MS + 60_000): Promise<void> {
  const rows = await db
    .select({ id: discussionPosts.id, at: discussionPosts.createdAt })
    .from(discussionPosts);
  for (const row of rows) {
    await db
      .update(discussionPosts)
      .set({ createdAt: new Date(row.at.getTime() - ms) })
      .where(eq(discussionPosts.id, row.id));
  }
  const votes = await db.select().from(discussionUpvotes);
  for (const vote of votes) {
    await db
      .update(discussionUpvotes)
      .set({ createdAt: new Date(vote.createdAt.getTime() - ms) })
      .where(
        and(eq(discussionUpvotes.postId, vote.postId), eq(discussionUpvotes.userId, vote.userId)),
      );
  }
}

export interface RegisteredTeam {
  contestId: number;
  /** The team's captain (the participant row is the team's) and a second member. */
  captain: CreatedUser;
  mate: CreatedUser;
}

/** A team contest by `createdBy` with one registered team of two members, named `name`. */
export async function registeredTeamContest(
  db: DB,
  { createdBy, name }: { createdBy: number; name: string },
): Promise<RegisteredTeam> {
  const contest = await insertContest(db, { createdBy, mode: 'team' });
  const captain = await discussionMember(db);
  const mate = await discussionMember(db);
  const [team] = await db
    .insert(teams)
    .values({ contestId: contest.id, name, captainId: captain.id })
    .returning();
  await db.insert(teamMembers).values([
    { teamId: team!.id, contestId: contest.id, userId: captain.id, state: 'member' },
    { teamId: team!.id, contestId: contest.id, userId: mate.id, state: 'member' },
  ]);
  await db
    .insert(contestParticipants)
    .values({ contestId: contest.id, userId: captain.id, teamId: team!.id });
  return { contestId: contest.id, captain, mate };
}
