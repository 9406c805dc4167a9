// Moderation (SPEC 4, 2.17): approving, rejecting and completing a contest, featuring it, and the
// audit entries and notices a status change makes (a submission's too).
import { eq } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { contests } from '../../platform/db/schema';
import type { ContestStatus, ModerationStatus } from '../../../shared/contests';
import type { TContest } from '../../../shared/schemas/contests';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../audit';
import { notFound, presentById, readForWrite } from './contestReads';
import { afterContestCompleted } from '../participation';
import { notifyContestDecision } from '../messages';
import { AppError } from '../../platform/errors';
import { assertDateOrder, publishedAt } from './contestWriteRules';

/**
 * A contest's status changed (moderation, an edit, a submission): audited, and whoever it
 * concerns is notified in the same transaction (its creator of an approval or a rejection, its
 * participants of the final results).
 */
export async function auditStatus(
  db: DbOrTx,
  actor: Actor,
  id: number,
  before: ContestStatus | null,
  after: ContestStatus,
  reason?: string | null,
): Promise<void> {
  const why = after === 'rejected' ? reason?.trim() || undefined : undefined;
  await writeAudit({
    db,
    actor,
    action: 'contest.status',
    targetType: 'contest',
    targetId: id,
    before: before === null ? undefined : { status: before },
    after: why ? { status: after, reason: why } : { status: after },
  });
  await notifyStatusChange(db, actor, id, before, after, why);
}

async function notifyStatusChange(
  db: DbOrTx,
  actor: Actor,
  id: number,
  before: ContestStatus | null,
  after: ContestStatus,
  reason: string | undefined,
): Promise<void> {
  const approved = after === 'active' && before === 'pending';
  const rejected = after === 'rejected' && before !== null;
  const completed = after === 'completed' && before !== null;
  if (!approved && !rejected && !completed) return;
  const [contest] = await db
    .select({
      id: contests.id,
      slug: contests.slug,
      title: contests.title,
      createdBy: contests.createdBy,
    })
    .from(contests)
    .where(eq(contests.id, id));
  if (!contest) return;
  const options = { origin: actor.origin };
  // Completed by hand: what follows is what follows any completion (the one lifecycle).
  if (completed) {
    await afterContestCompleted(db, { contestId: id, origin: options.origin });
    return;
  }
  await notifyContestDecision(
    db,
    { contest, creatorId: contest.createdBy, actorId: actor.id, approved, reason },
    options,
  );
}

export async function auditFeatured(
  db: DbOrTx,
  actor: Actor,
  id: number,
  featured: boolean,
): Promise<void> {
  await writeAudit({
    db,
    actor,
    action: 'contest.feature',
    targetType: 'contest',
    targetId: id,
    before: { featured: !featured },
    after: { featured },
  });
}

const TRANSITIONS: Record<ModerationStatus, { from: ContestStatus; refusal: string }> = {
  active: { from: 'pending', refusal: 'Only pending contests can be approved' },
  rejected: { from: 'pending', refusal: 'Only pending contests can be rejected' },
  completed: { from: 'active', refusal: 'Only active contests can be marked as completed' },
};

/** Moderation (SPEC 4): approve or reject a pending contest, complete an active one. */
export async function setContestStatus({
  db,
  actor,
  id,
  status,
  reason,
}: {
  db: DB;
  actor: Actor;
  id: number;
  status: ModerationStatus;
  /** Why it was rejected: told to its creator. */
  reason?: string | null;
}): Promise<TContest> {
  await db.transaction(async (tx) => {
    const row = await readForWrite(tx, id);
    if (!row) throw notFound();
    const rule = TRANSITIONS[status];
    if (row.status !== rule.from) throw new AppError('CONFLICT', rule.refusal);
    // A contest whose dates are impossible is not approved (its creator fixes them first).
    if (status === 'active') assertDateOrder(row);
    await tx
      .update(contests)
      .set({
        status,
        draft: false,
        publishedAt: publishedAt(status, row.publishedAt),
        updatedAt: new Date(),
      })
      .where(eq(contests.id, id));
    await auditStatus(tx, actor, id, row.status, status, reason);
  });
  return presentById(db, id, actor);
}

/** Featured contests show on the dashboard (SPEC 4); setting the same value changes nothing. */
export async function setContestFeatured({
  db,
  actor,
  id,
  featured,
}: {
  db: DB;
  actor: Actor;
  id: number;
  featured: boolean;
}): Promise<TContest> {
  await db.transaction(async (tx) => {
    const row = await readForWrite(tx, id);
    if (!row) throw notFound();
    if (row.featured === featured) return;
    await tx.update(contests).set({ featured, updatedAt: new Date() }).where(eq(contests.id, id));
    await auditFeatured(tx, actor, id, featured);
  });
  return presentById(db, id, actor);
}
