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
import { organisedContest } from './access';

/** Which member of which contest a bar names, and who asks. */
type BarTarget = { db: DB; actor: Actor; contestId: number; userId: number };

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
  const contest = await organisedContest(db, actor, contestId);
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
}: BarTarget & { reason: string }): Promise<{ success: true }> {
  await db.transaction(async (tx) => {
    const contest = await organisedContest(tx, actor, contestId);
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
}: BarTarget): Promise<{ success: true }> {
  await db.transaction(async (tx) => {
    const contest = await organisedContest(tx, actor, contestId);
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
