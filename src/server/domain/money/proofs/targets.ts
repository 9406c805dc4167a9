// What is being paid for: a contest's entry fee or a tier, its amount from the contest's fee or
// the tier price and the configured rate (never from the client), and what the payment page
// offers. A member who may not join cannot pay their way in: the join rule is asked first.
import { and, count, desc, eq, gt, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../../platform/db/client';
import { contests, paymentProofs, users } from '../../../platform/db/schema';
import { TIER_LABELS, normalizeTier, type Tier } from '../../../../shared/constants';
import {
  periodNotOfferedMessage,
  planChange,
  planPrice,
  type PlanChange,
  type PlanPeriod,
} from '../../../../shared/subscriptions';
import {
  NETWORK_NAMES,
  PAID_TIERS,
  PAYMENT_NETWORKS,
  coinAmount,
  tierNotHigherMessage,
  usdAmount,
  type PaidTier,
  type PaymentPurpose,
} from '../../../../shared/payments';
import type {
  TPaymentOptions,
  TPaymentProof,
  TTierChoice,
} from '../../../../shared/schemas/payments';
import type { Actor } from '../../../platform/actor';
import { getPaymentConfig } from '../../settings';
import {
  emailRefusalFor,
  hasVerifiedFee,
  joinRefusalFor,
  memberTier,
  visibleJoinContest,
  type JoinContest,
} from '../../participation';
import { teamRoleFor } from '../../tournaments';
import { type Refusal, refuse, refusalError, fromJoin } from './refusals';
import { withExplorer, memberProofs } from './reads';
import { creditForUpgrade, memberPlan } from '../subscriptions';

interface Target {
  purpose: PaymentPurpose;
  contest: JoinContest | null;
  tier: PaidTier | null;
  /** An upgrade's plan period, else null. */
  period: PlanPeriod | null;
  currentTier: Tier;
  /** What is paid: an upgrade's price after its credit. */
  amountUsd: string;
  /** An upgrade's credit for the unused days of the plan held ('12.50'), else null. */
  creditUsd: string | null;
  /** What buying the tier does to the plan held (issue 33), else null. */
  change: PlanChange | null;
  /** A downgrade starts when the plan held ends; anything else on verification (null). */
  startsAt: Date | null;
  /** Why a proof cannot be sent now (the page still shows its state and the proofs). */
  refusal: Refusal | null;
}

export async function hasProof(db: DbOrTx, where: SQL | undefined): Promise<boolean> {
  const [row] = await db.select({ id: paymentProofs.id }).from(paymentProofs).where(where).limit(1);
  return !!row;
}

/**
 * Resolves a contest or a tier to its amount, or refuses outright when there is nothing to pay
 * (a free contest, a tier the member has, a tier without a price): those are errors, while a
 * state the member can see on the page is a `refusal`: first whatever the join rule says (a
 * member who may not join cannot pay their way in: tier, closed, full, joined, ...), then a fee
 * already verified or a proof awaiting review.
 */
export async function resolveTarget(
  db: DbOrTx,
  actor: Pick<Actor, 'id' | 'role'>,
  input: { contestId?: number; tier?: PaidTier; periodDays?: PlanPeriod },
  now: number,
): Promise<Target> {
  const currentTier = await memberTier(db, actor.id);
  const mine = eq(paymentProofs.userId, actor.id);

  if (input.contestId !== undefined) {
    const contest = await visibleJoinContest(db, actor, input.contestId);
    if (contest.participationType !== 'paid' || !contest.entryFee) {
      throw refusalError(refuse('free_contest'));
    }
    const forContest = and(
      mine,
      eq(paymentProofs.contestId, contest.id),
      eq(paymentProofs.purpose, 'entry_fee'),
    );
    const joinRefusal = await joinRefusalFor({
      db,
      contest,
      userId: actor.id,
      paying: true,
      now,
      // A team contest's fee is paid once per team, by its captain (issue 19).
      team: contest.mode === 'team' ? await teamRoleFor(db, contest.id, actor.id) : undefined,
    });
    let refusal: Refusal | null = joinRefusal ? fromJoin(joinRefusal) : null;
    if (!refusal && (await hasVerifiedFee(db, contest.id, actor.id))) {
      refusal = refuse('already_verified');
    } else if (
      !refusal &&
      (await hasProof(db, and(forContest, eq(paymentProofs.status, 'pending'))))
    ) {
      refusal = refuse('proof_pending');
    }
    return {
      purpose: 'entry_fee',
      contest,
      tier: null,
      period: null,
      currentTier,
      amountUsd: usdAmount(contest.entryFee),
      creditUsd: null,
      change: null,
      startsAt: null,
      refusal,
    };
  }

  const tier = input.tier!;
  const period = input.periodDays ?? 30;
  // The plan held decides what buying the tier does (issue 33): a renewal of the tier held
  // with an end date, an upgrade (with a credit), a downgrade that waits for the end, or
  // nothing to buy (the tier held without an end, or a lower one under a plan without an end).
  const plan = await memberPlan(db, actor.id);
  const change = planChange({ current: plan, bought: tier, now: new Date(now) });
  if (change === null) {
    throw refusalError(refuse('tier_not_higher', tierNotHigherMessage(currentTier)));
  }
  const config = await getPaymentConfig({ db });
  const price = planPrice(config, tier, period);
  if (price === null) {
    throw refusalError(
      period === 30
        ? refuse('no_price')
        : refuse('period_not_offered', periodNotOfferedMessage(TIER_LABELS[tier], period)),
    );
  }
  const credit =
    change === 'upgrade'
      ? await creditForUpgrade(db, {
          userId: actor.id,
          held: plan.tier as PaidTier,
          expiresAt: plan.expiresAt!,
          price,
          config,
          now,
        })
      : 0;
  const pending = await hasProof(
    db,
    and(mine, eq(paymentProofs.purpose, 'tier_upgrade'), eq(paymentProofs.status, 'pending')),
  );
  // The join rule's e-mail part holds for every payment, an upgrade included.
  const unverified = await emailRefusalFor(db, actor.id);
  return {
    purpose: 'tier_upgrade',
    contest: null,
    tier,
    period,
    currentTier,
    amountUsd: usdAmount(price - credit),
    creditUsd: credit > 0 ? usdAmount(credit) : null,
    change,
    startsAt: change === 'downgrade' ? plan.expiresAt : null,
    refusal: unverified ? fromJoin(unverified) : pending ? refuse('proof_pending') : null,
  };
}

/** Whether the contest's discussion is on: a rejected proof then links to a topic about it. */
async function hasDiscussion(db: DB, contestId: number): Promise<boolean> {
  const [row] = await db
    .select({ on: contests.enableComments })
    .from(contests)
    .where(eq(contests.id, contestId));
  return row?.on ?? false;
}

/** The proofs the payment page lists: this contest's entry fee, or every tier upgrade. */
async function proofsFor(
  db: DB,
  actor: Pick<Actor, 'id'>,
  target: Target,
): Promise<TPaymentProof[]> {
  const mine = eq(paymentProofs.userId, actor.id);
  const which = target.contest
    ? and(mine, eq(paymentProofs.contestId, target.contest.id))
    : and(mine, eq(paymentProofs.purpose, 'tier_upgrade'));
  const rows = await memberProofs(db, which)
    .orderBy(desc(paymentProofs.createdAt), desc(paymentProofs.id))
    .limit(50);
  return withExplorer(await getPaymentConfig({ db }), rows);
}

/** /payment?contest= or ?tier=: the amount, the networks with an address, the member's proofs. */
export async function paymentOptions({
  db,
  actor,
  input,
  now = Date.now(),
}: {
  db: DB;
  actor: Pick<Actor, 'id' | 'role'>;
  input: { contestId?: number; tier?: PaidTier; periodDays?: PlanPeriod };
  now?: number;
}): Promise<TPaymentOptions> {
  const target = await resolveTarget(db, actor, input, now);
  const config = await getPaymentConfig({ db });
  const networks = PAYMENT_NETWORKS.filter((n) => config.networks[n].address).map((network) => {
    const { address, rate } = config.networks[network];
    return {
      network,
      name: NETWORK_NAMES[network],
      address,
      rate,
      amountCoin: coinAmount(target.amountUsd, rate),
    };
  });
  const contest = target.contest;
  return {
    purpose: target.purpose,
    contest: contest
      ? {
          id: contest.id,
          slug: contest.slug,
          title: contest.title,
          entryFee: contest.entryFee,
          enableComments: await hasDiscussion(db, contest.id),
        }
      : null,
    tier: target.tier,
    periodDays: target.period,
    currentTier: target.currentTier,
    amountUsd: target.amountUsd,
    creditUsd: target.creditUsd,
    change: target.change,
    startsAt: target.startsAt,
    networks,
    proofs: await proofsFor(db, actor, target),
    refusal: target.refusal,
  };
}

/**
 * /payment without a query: what each paid tier costs and opens. A contest counts as open while
 * it is active and has not ended; members see those whatever their tier.
 */
export async function tierChoice({
  db,
  actor,
  now = Date.now(),
}: {
  db: DB;
  actor: Pick<Actor, 'id'>;
  now?: number;
}): Promise<TTierChoice> {
  const [member] = await db
    .select({ tier: users.subscriptionTier })
    .from(users)
    .where(eq(users.id, actor.id));
  const open = await db
    .select({ tier: contests.requiredTier, n: count() })
    .from(contests)
    .where(
      and(
        eq(contests.status, 'active'),
        inArray(contests.requiredTier, [...PAID_TIERS]),
        or(isNull(contests.endDate), gt(contests.endDate, new Date(now))),
      ),
    )
    .groupBy(contests.requiredTier);
  const config = await getPaymentConfig({ db });
  return {
    currentTier: normalizeTier(member?.tier),
    tiers: PAID_TIERS.map((tier) => {
      const price = config.tierPrices[tier];
      return {
        tier,
        priceUsd: price > 0 ? usdAmount(price) : null,
        openContests: open.find((row) => row.tier === tier)?.n ?? 0,
      };
    }),
    paymentsSetUp: PAYMENT_NETWORKS.some((n) => config.networks[n].address),
  };
}
