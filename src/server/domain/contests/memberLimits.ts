// The limits on what one member creates (issue 27): contests submitted per day and drafts kept
// open, both Platform Settings. Moderators and admins are not limited. Over either, 429 with
// Retry-After and a reason the client can name ('contest_limit', 'draft_limit').
import { and, count, eq } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { contests } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { isReviewer, type Actor } from '../../platform/actor';
import { takeWithin, type Limits } from '../../platform/limits';

/** How soon a member at the draft cap hears to try again (a draft submitted or deleted frees one). */
const DRAFT_RETRY_AFTER_S = 60;

/**
 * Counts one submission of `actor`'s (a new contest, or a draft sent for review) and runs `fn`;
 * a submission `fn` refuses is given back, so a form sent with a mistake costs nothing. Runs
 * outside any transaction: on SQLite the counter writes through the app's own handle.
 */
export async function asCountedSubmission<T>(
  limits: Limits,
  actor: Actor,
  counted: boolean,
  fn: () => Promise<T>,
): Promise<T> {
  if (!counted || isReviewer(actor)) return fn();
  const max = await limits.cap('contestsPerMemberPerDay');
  const key = String(actor.id);
  await takeWithin(
    limits.contestSubmit,
    key,
    max,
    `You can submit at most ${max} contests a day: try again later`,
    'contest_limit',
  );
  try {
    return await fn();
  } catch (error) {
    await limits.contestSubmit.reward(key).catch(() => undefined);
    throw error;
  }
}

/** Refuses a new draft when `actor` already keeps as many open as a member may. */
export async function assertDraftRoom(db: DB, limits: Limits, actor: Actor): Promise<void> {
  if (isReviewer(actor)) return;
  const max = await limits.cap('draftsPerMember');
  const [row] = await db
    .select({ n: count() })
    .from(contests)
    .where(and(eq(contests.createdBy, actor.id), eq(contests.status, 'draft')));
  if ((row?.n ?? 0) < max) return;
  throw new AppError(
    'draft_limit',
    `You already have ${max} open drafts, the most a member may keep: submit or delete one first`,
    { retryAfter: DRAFT_RETRY_AFTER_S },
  );
}
