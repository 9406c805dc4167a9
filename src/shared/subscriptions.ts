// Subscriptions (issue 33): the plans a paid tier is sold in, what each costs under the payment
// settings, and the one rule for when a verified purchase ends. Pure: the server applies it in
// the review's transaction, the client may show its result before paying.
import { tierRank, type Tier } from './constants';
import { PAID_TIERS, type PaidTier } from './payments';
import type { TPaymentConfig } from './schemas/settings';

/** A plan's length: 30 or 365 days, or 'lifetime' (no end date). */
export const PLAN_PERIODS = [30, 365, 'lifetime'] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];

export const PLAN_MESSAGES = {
  period: 'The period must be 30, 365 or lifetime',
  periodWithoutTier: 'A period is chosen only with a tier to upgrade to',
} as const;

/** A tier's plan that is not on sale (no price for that period), as the member is told. */
export function periodNotOfferedMessage(tierLabel: string, period: PlanPeriod): string {
  const plan = period === 'lifetime' ? 'a lifetime plan' : `${period} days`;
  return `The ${tierLabel} tier is not offered for ${plan}: choose another period.`;
}

/** The period of a stored upgrade (days, null: no end) as answers show it. */
export function periodFromDays(days: number | null): PlanPeriod {
  return days === null ? 'lifetime' : (days as PlanPeriod);
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** No plan ends further ahead than this from the purchase's verification (3 years of days). */
export const MAX_AHEAD_DAYS = 3 * 365;

export interface Plan {
  tier: PaidTier;
  periodDays: PlanPeriod;
  /** In USD, as the payment settings hold it (a number; proofs store it as text to 2 decimals). */
  priceUsd: number;
}

/** A plan's price, or null when that plan is not offered (no price, or a price of 0). */
export function planPrice(
  config: Pick<TPaymentConfig, 'tierPrices' | 'yearPrices' | 'lifetimePrices'>,
  tier: PaidTier,
  period: PlanPeriod,
): number | null {
  const price =
    period === 30
      ? config.tierPrices[tier]
      : period === 365
        ? config.yearPrices[tier]
        : config.lifetimePrices[tier];
  return price !== null && price > 0 ? price : null;
}

/** Every plan on offer, tier by tier, shortest first. */
export function offeredPlans(
  config: Pick<TPaymentConfig, 'tierPrices' | 'yearPrices' | 'lifetimePrices'>,
): Plan[] {
  return PAID_TIERS.flatMap((tier) =>
    PLAN_PERIODS.flatMap((periodDays) => {
      const priceUsd = planPrice(config, tier, periodDays);
      return priceUsd === null ? [] : [{ tier, periodDays, priceUsd }];
    }),
  );
}

/** A proof stores the period as days, null meaning no end (a lifetime plan). */
export function periodToDays(period: PlanPeriod): number | null {
  return period === 'lifetime' ? null : period;
}

/**
 * When a member's tier ends after a verified purchase of `tier` for `periodDays` (null: no end).
 * Holding that same tier with an end still ahead, the period is added to that end (renewing
 * early loses nothing); otherwise it runs from now. Never more than MAX_AHEAD_DAYS from now.
 * A lifetime purchase, or the same tier already held without an end, ends never (null).
 */
export function subscriptionEnd({
  current,
  bought,
  now,
}: {
  current: { tier: Tier | null; expiresAt: Date | null };
  bought: { tier: PaidTier; periodDays: number | null };
  now: Date;
}): Date | null {
  if (bought.periodDays === null) return null;
  const sameTier = current.tier === bought.tier;
  if (sameTier && current.expiresAt === null) return null;
  const from =
    sameTier && current.expiresAt !== null && current.expiresAt.getTime() > now.getTime()
      ? current.expiresAt.getTime()
      : now.getTime();
  const cap = now.getTime() + MAX_AHEAD_DAYS * DAY_MS;
  return new Date(Math.min(from + bought.periodDays * DAY_MS, cap));
}

// The plan's end (issue 33): the reminders before it, the grace after it, the drop at the grace's
// end. The one timing rule the scheduled round (server) and the member's banner (client) use.

/** The reminders of a plan's end, in the order they fall due: 7 days and 1 day before, the day. */
export const REMINDER_STEPS = ['7d', '1d', 'day'] as const;
export type ReminderStep = (typeof REMINDER_STEPS)[number];

/** How long before the end each step falls due ('day': at the end itself, during the grace). */
const STEP_BEFORE_MS: Record<ReminderStep, number> = { '7d': 7 * DAY_MS, '1d': DAY_MS, day: 0 };

/** When the grace after a plan's end runs out: the member keeps the tier until then. */
export function graceEndsAt(end: Date, graceDays: number): Date {
  return new Date(end.getTime() + graceDays * DAY_MS);
}

/** Between the end and the grace's end: the tier is kept, the member is asked to renew. */
export function inGrace(end: Date, now: Date, graceDays: number): boolean {
  return now.getTime() >= end.getTime() && now.getTime() < graceEndsAt(end, graceDays).getTime();
}

/** The grace is over: the member drops to the default tier (unless a next plan took over). */
export function isExpired(end: Date, now: Date, graceDays: number): boolean {
  return now.getTime() >= graceEndsAt(end, graceDays).getTime();
}

/**
 * The reminder due now, or null: only the latest step whose time has come (a 7-day reminder is
 * never sent once the 1-day one is due), and nothing when `lastSent` is that step or a later one.
 */
export function reminderDue(
  end: Date,
  now: Date,
  lastSent?: ReminderStep | null,
): ReminderStep | null {
  const left = end.getTime() - now.getTime();
  const due = [...REMINDER_STEPS].reverse().find((step) => left <= STEP_BEFORE_MS[step]);
  if (!due) return null;
  if (lastSent && REMINDER_STEPS.indexOf(lastSent) >= REMINDER_STEPS.indexOf(due)) return null;
  return due;
}

/** The notifications' dedupe key of a step of one plan end ('plan:<endMs>:7d'): each sent once. */
export function planNoticeKey(end: Date, step: ReminderStep | 'ended' | 'next'): string {
  return `plan:${end.getTime()}:${step}`;
}

const LONG_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '12 December 2026' (UTC): a plan's end as reminders and the banner name it. */
export function planDate(date: Date): string {
  return LONG_DATE.format(date);
}

/** Where a member manages their plan: Account Settings' Subscription tab. */
export const SUBSCRIPTION_SETTINGS_PATH = '/settings?tab=subscription';

/**
 * What buying `bought` does to the plan a member holds now:
 * - 'buy': a tier above the one held, which has no end ahead (free, a permanent tier), or any
 *   tier once the held plan's end has passed (in its grace): it runs from the verification;
 * - 'renew': the same tier, held with an end date: the period is added to that end;
 * - 'upgrade': a tier above a paid plan whose end is still ahead: its unused days are credited
 *   (upgradeCredit) and the new tier runs from the verification;
 * - 'downgrade': a paid tier below a plan held with an end still ahead: it becomes the next plan,
 *   starting at that end (nothing changes now);
 * - null: nothing to buy (the tier held without an end, or one below a plan without an end).
 */
export const PLAN_CHANGES = ['buy', 'renew', 'upgrade', 'downgrade'] as const;
export type PlanChange = (typeof PLAN_CHANGES)[number];

export function planChange({
  current,
  bought,
  now,
}: {
  current: { tier: Tier | null; expiresAt: Date | null };
  bought: PaidTier;
  now: Date;
}): PlanChange | null {
  const held = current.tier ?? 'free';
  const ends = isPaidTier(held) && current.expiresAt !== null ? current.expiresAt : null;
  const paidAhead = ends !== null && ends.getTime() > now.getTime();
  if (held === bought) return current.expiresAt !== null ? 'renew' : null;
  // A plan whose end has passed (its grace, before the drop) holds nothing back: any tier bought
  // runs from now, a lower one too.
  if (ends !== null && !paidAhead) return 'buy';
  if (tierRank(bought) > tierRank(held)) return paidAhead ? 'upgrade' : 'buy';
  return paidAhead ? 'downgrade' : null;
}

function isPaidTier(tier: Tier): tier is PaidTier {
  return (PAID_TIERS as readonly string[]).includes(tier);
}

/**
 * What one day of a held plan is worth in USD: what the member paid for it, price and credit
 * together, over its days (their latest verified purchase of that tier); without such a
 * purchase (an admin's grant, a lifetime or pre-plan proof) that tier's 30-day price / 30 now.
 */
export function dailyValue({
  paid,
  thirtyDayPrice,
}: {
  paid: { amountUsd: string; creditUsd: string | null; periodDays: number | null } | null;
  thirtyDayPrice: number | null;
}): number {
  if (paid && paid.periodDays !== null && paid.periodDays > 0) {
    return (Number(paid.amountUsd) + Number(paid.creditUsd ?? 0)) / paid.periodDays;
  }
  return thirtyDayPrice !== null && thirtyDayPrice > 0 ? thirtyDayPrice / 30 : 0;
}

/**
 * The credit of an upgrade, in USD to the cent (rounded down): the held plan's remaining time in
 * fractional days (to the millisecond) × its daily value, never more than the new plan's price
 * and never negative. The member pays `price - credit`.
 */
export function upgradeCredit({
  expiresAt,
  daily,
  price,
  now,
}: {
  expiresAt: Date;
  daily: number;
  price: number;
  now: Date;
}): number {
  const remainingDays = Math.max(0, (expiresAt.getTime() - now.getTime()) / DAY_MS);
  const credit = Math.floor(remainingDays * daily * 100 + 1e-6) / 100;
  return Math.min(Math.max(credit, 0), price);
}
