// Staff's change of a member's plan (issue 33): an admin grants a paid tier for a number of
// days (a comp), extends the plan held, or ends it, always with a reason. One transaction on
// the member's locked row (a verification racing with it applies before or after, never
// between), audited, and told to the member (in-app, and e-mail by their preference).
import { eq } from 'drizzle-orm';
import { users } from '../../platform/db/schema';
import { lockForUpdate } from '../../platform/db/dialect';
import { AppError } from '../../platform/errors';
import { TIER_LABELS, normalizeTier, type Tier } from '../../../shared/constants';
import { PAID_TIERS, type PaidTier } from '../../../shared/payments';
import { DAY_MS, MAX_AHEAD_DAYS, SUBSCRIPTION_SETTINGS_PATH } from '../../../shared/subscriptions';
import {
  STAFF_PLAN_MESSAGES as SM,
  type StaffPlanAction,
  type TAdminUser,
  type TStaffPlanRequest,
} from '../../../shared/schemas/adminUsers';
import type { ActionWithInput } from '../../platform/actor';
import { writeAudit } from '../audit';
import { getPlatformSettings } from '../settings';
import { notify } from '../messages';
import { findAdminUser } from '../accounts';
import { planColumns } from '../subscriptions';

interface PlanState {
  tier: Tier | null;
  expiresAt: Date | null;
  nextTier: Tier | null;
  nextPeriodDays: number | null;
}

const isPaid = (tier: Tier | null): tier is PaidTier =>
  tier !== null && (PAID_TIERS as readonly string[]).includes(tier);

/** The plan after the action, from the plan held now (admins and unknown members refused before). */
function planAfter(
  before: PlanState,
  input: TStaffPlanRequest,
  defaultTier: Tier,
  now: number,
): PlanState {
  const days = input.days ?? 0;
  const cap = now + MAX_AHEAD_DAYS * DAY_MS;
  if (input.action === 'grant') {
    // A comp replaces the plan held from now; a next plan the member paid for still follows it.
    return { ...before, tier: input.tier!, expiresAt: new Date(now + days * DAY_MS) };
  }
  if (input.action === 'extend') {
    if (!isPaid(before.tier)) throw new AppError('BAD_REQUEST', SM.noPaidTier);
    // From the end still ahead, else from now (no end yet: a permanent tier gets one).
    const from =
      before.expiresAt !== null && before.expiresAt.getTime() > now
        ? before.expiresAt.getTime()
        : now;
    return { ...before, expiresAt: new Date(Math.min(from + days * DAY_MS, cap)) };
  }
  // Ended: the platform's default tier now, without an end and without a next plan.
  return { tier: defaultTier, expiresAt: null, nextTier: null, nextPeriodDays: null };
}

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

/** What the member is told: what changed, until when, and the admin's reason. */
function noticeText(action: StaffPlanAction, before: PlanState, after: PlanState, reason: string) {
  const label = TIER_LABELS[normalizeTier(after.tier)];
  const until = after.expiresAt ? `until ${day(after.expiresAt)} (UTC)` : 'without an end date';
  const body =
    action === 'grant'
      ? `An administrator gave you the ${label} plan ${until}.`
      : action === 'extend'
        ? `An administrator extended your ${label} plan ${until}.`
        : `An administrator ended your ${TIER_LABELS[normalizeTier(before.tier)]} plan: you are on the ${label} tier now.`;
  const title =
    action === 'grant'
      ? `You have the ${label} plan`
      : action === 'extend'
        ? `Your ${label} plan was extended`
        : 'Your plan was ended';
  return { title, body: `${body} Reason: ${reason}` };
}

/**
 * Grants, extends or ends a member's plan (see ZStaffPlanRequestSchema). 404 for an unknown
 * user, 400 for an admin (no tier) and for extending without a paid tier. Answers the member as
 * the admin list shows them.
 */
export async function changePlanAsStaff({
  db,
  actor,
  input,
  now = Date.now(),
}: ActionWithInput<TStaffPlanRequest> & {
  now?: number;
}): Promise<TAdminUser> {
  const defaultTier = (await getPlatformSettings({ db })).defaultUserTier;
  await db.transaction(
    async (tx) => {
      await lockForUpdate(tx, users, eq(users.id, input.id));
      const [row] = await tx
        .select({ role: users.role, ...planColumns })
        .from(users)
        .where(eq(users.id, input.id));
      if (!row) throw new AppError('NOT_FOUND', 'User not found');
      if (row.role === 'admin' || row.tier === null) throw new AppError('BAD_REQUEST', SM.admin);
      const { role: _role, ...before } = row;
      const after = planAfter(before, input, defaultTier, now);
      await tx
        .update(users)
        .set({
          subscriptionTier: after.tier,
          tierExpiresAt: after.expiresAt,
          nextTier: after.nextTier,
          nextPeriodDays: after.nextPeriodDays,
        })
        .where(eq(users.id, input.id));
      const shown = (plan: PlanState) => ({
        tier: plan.tier,
        expiresAt: plan.expiresAt?.toISOString() ?? null,
        nextTier: plan.nextTier,
        nextPeriodDays: plan.nextPeriodDays,
      });
      await writeAudit({
        db: tx,
        actor,
        action: `user.plan.${input.action}`,
        targetType: 'user',
        targetId: input.id,
        before: shown(before),
        after: {
          ...shown(after),
          ...(input.days !== undefined ? { days: input.days } : {}),
          reason: input.reason,
        },
      });
      await notify(
        tx,
        {
          userId: input.id,
          kind: 'plan_changed',
          ...noticeText(input.action, before, after, input.reason),
          link: SUBSCRIPTION_SETTINGS_PATH,
        },
        { origin: actor.origin },
      );
    },
    { behavior: 'immediate' },
  );
  return findAdminUser(db, input.id);
}
