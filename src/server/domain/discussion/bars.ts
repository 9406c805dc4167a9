// The organiser bars a member from one contest's discussion, with the reason the member is told
// when they try to write (403 barred), lists who is barred, and lifts a bar. Bar and unbar are
// audited.
import { and, asc, eq } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { discussionBars, users } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../audit';
import type { TBarList } from '../../../shared/schemas/discussion';
import { assertOrganiser, visibleContest } from './access';

/** Who is barred from the contest's discussion, oldest bar first (the organiser's alone). */
export async function listBars({
  db,
  actor,
  contestId,
}: {
  db: DB;
  actor: Actor;
  contestId: number;
}): Promise<TBarList> {
  const contest = await visibleContest(db, actor, contestId);
  assertOrganiser(contest, actor);
  return db
    .select({
      userId: discussionBars.userId,
      username: users.username,
      reason: discussionBars.reason,
      barredAt: discussionBars.createdAt,
    })
    .from(discussionBars)
    .innerJoin(users, eq(users.id, discussionBars.userId))
    .where(eq(discussionBars.contestId, contest.id))
    .orderBy(asc(discussionBars.createdAt), asc(discussionBars.userId))
    .limit(1000);
}

export async function barMember({
  db,
  actor,
  contestId,
  userId,
  reason,
}: {
  db: DB;
  actor: Actor;
  contestId: number;
  userId: number;
  reason: string;
}): Promise<{ success: true }> {
  await db.transaction(async (tx) => {
    const contest = await visibleContest(tx, actor, contestId);
    assertOrganiser(contest, actor);
    const [member] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!member) throw new AppError('NOT_FOUND', 'No member has that id');
    await tx
      .insert(discussionBars)
      .values({ contestId: contest.id, userId, reason, barredBy: actor.id })
      .onConflictDoUpdate({
        target: [discussionBars.contestId, discussionBars.userId],
        set: { reason, barredBy: actor.id },
      });
    await writeAudit({
      db: tx,
      actor,
      action: 'discussion.bar',
      targetType: 'contest',
      targetId: contest.id,
      after: { userId, reason },
    });
  });
  return { success: true };
}

export async function unbarMember({
  db,
  actor,
  contestId,
  userId,
}: {
  db: DB;
  actor: Actor;
  contestId: number;
  userId: number;
}): Promise<{ success: true }> {
  await db.transaction(async (tx) => {
    const contest = await visibleContest(tx, actor, contestId);
    assertOrganiser(contest, actor);
    const [gone] = await tx
      .delete(discussionBars)
      .where(and(eq(discussionBars.contestId, contest.id), eq(discussionBars.userId, userId)))
      .returning({ reason: discussionBars.reason });
    if (!gone) return;
    await writeAudit({
      db: tx,
      actor,
      action: 'discussion.unbar',
      targetType: 'contest',
      targetId: contest.id,
      before: { userId, reason: gone.reason },
    });
  });
  return { success: true };
}
