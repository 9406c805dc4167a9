// The plans' ends (issue 33), one scheduled round by one server of all: the reminders 7 days and
// 1 day before a plan ends and on the day, the next plan (a lower tier bought during a higher one)
// started at the end, and the drop to the default tier once the grace has run out. The timing is
// the shared rule (shared/subscriptions.ts); 'now' comes from one injectable clock, so tests move
// it. Each member in their own transaction; every write is conditional on the row still holding
// the end that was read, so a renewal verified meanwhile wins and two rounds (two servers) never
// act twice; each notice has a dedupe key naming the end and the step, so it is sent once.
import { and, asc, eq, gt, inArray, isNotNull, lte, ne, or, type SQL } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { notifications, users } from '../../platform/db/schema';
import { planColumns } from './planColumns';
import type { Job } from '../../platform/jobs';
import { normalizeTier, TIER_LABELS, type Tier } from '../../../shared/constants';
import {
  DAY_MS,
  SUBSCRIPTION_SETTINGS_PATH,
  graceEndsAt,
  isExpired,
  planDate,
  planNoticeKey,
  reminderDue,
  type ReminderStep,
} from '../../../shared/subscriptions';
import { writeAudit } from '../audit';
import { notify, type Notice } from '../messages';
import { LIFECYCLE_ACTOR } from '../participation';
import { getPaymentConfig, getPlatformSettings } from '../settings';

/** How often the round runs: a reminder or a drop is at most this late. */
export const SUBSCRIPTION_EVERY_MS = 10 * 60 * 1000;

/** Members read per page of a round (those ending soonest first; the round reads every page). */
const PAGE = 500;

export interface SubscriptionRoundResult {
  reminded: number;
  switched: number;
  expired: number;
}

interface EndingPlan {
  id: number;
  tier: Tier | null;
  expiresAt: Date;
  nextTier: Tier | null;
  nextPeriodDays: number | null;
}

const label = (tier: Tier | null) => TIER_LABELS[normalizeTier(tier)];

/** Whether the member's row still holds the plan end this round read (nothing changed it since). */
const sameEnd = (plan: EndingPlan) =>
  and(eq(users.id, plan.id), eq(users.tierExpiresAt, plan.expiresAt));

/** One of the reminders: the member is told once per plan end and step (its dedupe key). */
async function remind(
  db: DB,
  plan: EndingPlan,
  step: ReminderStep,
  { graceDays, origin }: { graceDays: number; origin?: string },
): Promise<boolean> {
  const name = label(plan.tier);
  const end = planDate(plan.expiresAt);
  const body =
    step === 'day'
      ? `Renew by ${planDate(graceEndsAt(plan.expiresAt, graceDays))} to keep it; after that your account moves to the default tier. Contests you joined stay joined.`
      : plan.nextTier
        ? `Your ${label(plan.nextTier)} plan starts then.`
        : `Renew it to keep ${name}${graceDays ? `; after the end you keep it for ${graceDays} more day${graceDays === 1 ? '' : 's'}` : ''}.`;
  const id = await db.transaction((tx) =>
    notify(
      tx,
      {
        userId: plan.id,
        kind: 'plan_reminder',
        title:
          step === 'day' ? `Your ${name} plan ended on ${end}` : `Your ${name} plan ends on ${end}`,
        body,
        link: SUBSCRIPTION_SETTINGS_PATH,
        actionLabel: 'Renew',
        dedupeKey: planNoticeKey(plan.expiresAt, step),
      },
      { origin },
    ),
  );
  return id !== null;
}

/**
 * The system's change of an ending plan, in one transaction: the row written only while it still
 * holds the end this round read (and `unchanged`), audited with the plan as read before it, and
 * the member told. False when the row had changed meanwhile.
 */
async function changeEndingPlan(
  db: DB,
  plan: EndingPlan,
  change: {
    set: Partial<typeof users.$inferInsert>;
    unchanged?: SQL;
    action: string;
    after: Record<string, unknown>;
    notice: Omit<Notice, 'userId'>;
  },
  origin?: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set(change.set)
      .where(and(sameEnd(plan), change.unchanged))
      .returning({ id: users.id });
    if (!changed.length) return false;
    await writeAudit({
      db: tx,
      actor: LIFECYCLE_ACTOR,
      action: change.action,
      targetType: 'user',
      targetId: plan.id,
      before: { tier: plan.tier, expiresAt: plan.expiresAt.toISOString() },
      after: change.after,
    });
    await notify(tx, { userId: plan.id, ...change.notice }, { origin });
    return true;
  });
}

/** At the end, the next plan takes over at once: its days run from the old end. */
async function startNextPlan(db: DB, plan: EndingPlan, origin?: string): Promise<boolean> {
  const nextTier = plan.nextTier!;
  const expiresAt =
    plan.nextPeriodDays === null
      ? null
      : new Date(plan.expiresAt.getTime() + plan.nextPeriodDays * DAY_MS);
  return changeEndingPlan(
    db,
    plan,
    {
      set: {
        subscriptionTier: nextTier,
        tierExpiresAt: expiresAt,
        nextTier: null,
        nextPeriodDays: null,
      },
      unchanged: eq(users.nextTier, nextTier),
      action: 'subscription.next_plan',
      after: {
        tier: nextTier,
        periodDays: plan.nextPeriodDays,
        expiresAt: expiresAt?.toISOString() ?? null,
      },
      notice: {
        kind: 'plan_changed',
        title: `Your ${label(nextTier)} plan has started`,
        body: `Your ${label(plan.tier)} plan ended on ${planDate(plan.expiresAt)}; your ${label(nextTier)} plan ${expiresAt ? `runs until ${planDate(expiresAt)}` : 'has no end date'}.`,
        link: SUBSCRIPTION_SETTINGS_PATH,
        actionLabel: 'See your plan',
        dedupeKey: planNoticeKey(plan.expiresAt, 'next'),
      },
    },
    origin,
  );
}

/** The grace ran out: the member drops to the default tier, their joined contests untouched. */
async function endPlan(
  db: DB,
  plan: EndingPlan,
  { defaultTier, graceDays, origin }: { defaultTier: Tier; graceDays: number; origin?: string },
): Promise<boolean> {
  return changeEndingPlan(
    db,
    plan,
    {
      set: { subscriptionTier: defaultTier, tierExpiresAt: null },
      action: 'subscription.expired',
      after: { tier: defaultTier, expiresAt: null, graceDays },
      notice: {
        kind: 'plan_ended',
        title: `Your ${label(plan.tier)} plan has ended`,
        body: `It ended on ${planDate(plan.expiresAt)} and was not renewed within the grace period, so your account is on the ${label(defaultTier)} tier now. Contests you joined stay joined. You can buy a plan again at any time.`,
        link: SUBSCRIPTION_SETTINGS_PATH,
        actionLabel: 'Choose a plan',
        dedupeKey: planNoticeKey(plan.expiresAt, 'ended'),
      },
    },
    origin,
  );
}

/**
 * A page of the members whose plan ends within 7 days or has ended (admins hold no tier), in
 * order of end and id, after `after` (the last of the page before).
 */
function endingPlans(
  db: DbOrTx,
  now: Date,
  after: EndingPlan | undefined,
  pageSize: number,
): Promise<EndingPlan[]> {
  return db
    .select({
      id: users.id,
      ...planColumns,
    })
    .from(users)
    .where(
      and(
        isNotNull(users.tierExpiresAt),
        lte(users.tierExpiresAt, new Date(now.getTime() + 7 * DAY_MS)),
        ne(users.role, 'admin'),
        after
          ? or(
              gt(users.tierExpiresAt, after.expiresAt),
              and(eq(users.tierExpiresAt, after.expiresAt), gt(users.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(users.tierExpiresAt), asc(users.id))
    .limit(pageSize) as Promise<EndingPlan[]>;
}

/**
 * Which of the page's due reminders were sent already (`userId:dedupeKey`), in one read: a
 * member's plan is read again by every round of its last 7 days, and a reminder sent once needs
 * no transaction of its own to learn that its dedupe key is taken.
 */
async function remindersSent(
  db: DbOrTx,
  due: { plan: EndingPlan; key: string }[],
): Promise<Set<string>> {
  if (!due.length) return new Set();
  const rows = await db
    .select({ userId: notifications.userId, key: notifications.dedupeKey })
    .from(notifications)
    .where(
      and(
        inArray(
          notifications.userId,
          due.map(({ plan }) => plan.id),
        ),
        inArray(notifications.dedupeKey, [...new Set(due.map(({ key }) => key))]),
      ),
    );
  return new Set(rows.map((row) => `${row.userId}:${row.key}`));
}

/**
 * One round at `now`: for each plan ending within 7 days or ended, the next plan started at the
 * end, else the drop once the grace is over, else the latest reminder due. Answers what it did.
 */
export async function subscriptionRound({
  db,
  now = new Date(),
  origin,
  signal,
  pageSize = PAGE,
}: {
  db: DB;
  now?: Date;
  origin?: string;
  /** Members read at a time (tests make pages small). */
  pageSize?: number;
  /** The runner's stop: the round ends after the page under way. */
  signal?: AbortSignal;
}): Promise<SubscriptionRoundResult> {
  const result: SubscriptionRoundResult = { reminded: 0, switched: 0, expired: 0 };
  let settings: { graceDays: number; defaultTier: Tier } | undefined;
  let after: EndingPlan | undefined;
  for (;;) {
    const plans = await endingPlans(db, now, after, pageSize);
    if (!plans.length) break;
    settings ??= {
      graceDays: (await getPaymentConfig({ db })).graceDays,
      defaultTier: (await getPlatformSettings({ db })).defaultUserTier,
    };
    const { graceDays, defaultTier } = settings;
    const reminders = new Map(
      plans.flatMap((plan) => {
        const step = reminderDue(plan.expiresAt, now);
        return step ? [[plan.id, { step, key: planNoticeKey(plan.expiresAt, step) }] as const] : [];
      }),
    );
    const sent = await remindersSent(
      db,
      plans.flatMap((plan) => {
        const due = reminders.get(plan.id);
        return due ? [{ plan, key: due.key }] : [];
      }),
    );
    for (const plan of plans) {
      const ended = now.getTime() >= plan.expiresAt.getTime();
      if (ended && plan.nextTier) {
        if (await startNextPlan(db, plan, origin)) result.switched++;
      } else if (isExpired(plan.expiresAt, now, graceDays)) {
        if (await endPlan(db, plan, { defaultTier, graceDays, origin })) result.expired++;
      } else {
        const due = reminders.get(plan.id);
        if (!due || sent.has(`${plan.id}:${due.key}`)) continue;
        if (await remind(db, plan, due.step, { graceDays, origin })) result.reminded++;
      }
    }
    if (plans.length < pageSize || signal?.aborted) break;
    after = plans[plans.length - 1];
  }
  return result;
}

/**
 * The round as a background job: at start, then every SUBSCRIPTION_EVERY_MS, by one server of
 * however many share the database (its lease). `onDone` hears each round that did something
 * (the server wakes the mailer then).
 */
export function subscriptionJob({
  db,
  now = () => new Date(),
  origin,
  onDone,
}: {
  db: DB;
  /** The clock: tests move it; the server's is the real one. */
  now?: () => Date;
  /** Where links in the e-mails point, read at each round (it may be recorded meanwhile). */
  origin: () => Promise<string | undefined>;
  onDone?: (result: SubscriptionRoundResult) => void;
}): Job<SubscriptionRoundResult> {
  return {
    name: 'subscriptions',
    everyMs: SUBSCRIPTION_EVERY_MS,
    lease: 'subscriptions',
    run: async (signal) => subscriptionRound({ db, now: now(), origin: await origin(), signal }),
    onDone: (result) => {
      if (result.reminded || result.switched || result.expired) onDone?.(result);
    },
  };
}
