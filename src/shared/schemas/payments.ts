// Payments (payments.*): the proof form of SPEC 2.12 with SPEC 5's messages, the payment page's
// options, the member's proofs and the reviewers' queue.
import { z } from 'zod';
import { ZRequiredText } from './requiredText';
import { ZPlainRowId } from './rowId';
import { ZOwnChangesRequestSchema } from './streams';
import { TIERS } from '../constants';
import {
  PAID_TIERS,
  PAYMENT_LIMITS as L,
  PAYMENT_MESSAGES as M,
  PAYMENT_NETWORKS,
  PAYMENT_PURPOSES,
  PAYMENT_REFUSALS,
  PROOF_STATUSES,
  REVIEW_STATUSES,
  isValidSenderAddress,
  isValidTxHash,
  senderAddressFormatMessage,
  txHashFormatMessage,
  type PaymentNetwork,
} from '../payments';
import { ZUploadUrl } from './account';
import { ZContestId } from './contests';
import { ZPage, ZPageSize, ZPageOf } from './paging';
import { ZPlanPeriod } from './subscriptions';
import { PLAN_CHANGES, PLAN_MESSAGES } from '../subscriptions';

/** SPEC 5's lengths; the shape of each network's hash and address is checked with the network. */
export const ZTxHash = ZRequiredText(L.txHashMin, L.txHashMax, M.txHash, M.txHashMax);

export const ZSenderAddress = ZRequiredText(
  L.senderAddressMin,
  L.senderAddressMax,
  M.senderAddress,
  M.senderAddressMax,
);

export const ZPaymentNetwork = z.enum(PAYMENT_NETWORKS, { error: M.network });
export const ZPaidTier = z.enum(PAID_TIERS, { error: M.tier });

const proofFields = {
  network: ZPaymentNetwork,
  txHash: ZTxHash,
  senderAddress: ZSenderAddress,
  notes: z
    .string({ error: M.notesMax })
    .trim()
    .max(L.notesMax, M.notesMax)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  /** The caller's own upload (purpose 'proof': PNG, JPG or PDF up to 10 MB), optional. */
  proofFile: z
    .union([ZUploadUrl, z.literal(''), z.null()], { error: M.proofFile })
    .optional()
    .transform((v) => (v ? v : null)),
};

/**
 * The hash and the sender in their network's shape. A value already refused for its length
 * keeps SPEC 5's message alone; the format's message says what the network expects.
 */
function networkShapes(
  value: { network: PaymentNetwork; txHash: string; senderAddress: string },
  ctx: z.RefinementCtx,
) {
  const { network, txHash, senderAddress } = value;
  const hash = txHash.trim();
  if (hash.length >= L.txHashMin && hash.length <= L.txHashMax && !isValidTxHash(network, hash)) {
    ctx.addIssue({ code: 'custom', message: txHashFormatMessage(network), path: ['txHash'] });
  }
  const sender = senderAddress.trim();
  if (
    sender.length >= L.senderAddressMin &&
    sender.length <= L.senderAddressMax &&
    !isValidSenderAddress(network, sender)
  ) {
    ctx.addIssue({
      code: 'custom',
      message: senderAddressFormatMessage(network),
      path: ['senderAddress'],
    });
  }
}

/**
 * SPEC 2.12's 'Submit Payment Proof' dialog, as Formik validates it: every field's own rule and
 * the network's shapes, all reported at once (the network is the dialog's tab, sent along).
 */
export const ZPaymentProofFormSchema = z.object(proofFields).superRefine(networkShapes);
export type TPaymentProofForm = z.input<typeof ZPaymentProofFormSchema>;

/**
 * What the proof pays for: a contest's entry fee, or a tier upgrade (exactly one); an upgrade's
 * plan period (issue 33) is 30 days unless chosen.
 */
const target = {
  contestId: ZContestId.optional(),
  tier: ZPaidTier.optional(),
  periodDays: ZPlanPeriod.optional(),
};

function oneTarget(
  value: { contestId?: number; tier?: string; periodDays?: unknown },
  ctx: z.RefinementCtx,
) {
  if ((value.contestId === undefined) === (value.tier === undefined)) {
    ctx.addIssue({ code: 'custom', message: M.target, path: ['contestId'] });
  } else if (value.periodDays !== undefined && value.tier === undefined) {
    ctx.addIssue({
      code: 'custom',
      message: PLAN_MESSAGES.periodWithoutTier,
      path: ['periodDays'],
    });
  }
}

export const ZSubmitProofRequestSchema = z
  .object({ ...proofFields, ...target })
  .superRefine((value, ctx) => {
    networkShapes(value, ctx);
    oneTarget(value, ctx);
  });
export type TSubmitProofRequest = z.input<typeof ZSubmitProofRequestSchema>;
export type TSubmitProofInput = z.output<typeof ZSubmitProofRequestSchema>;

export const ZPaymentOptionsRequestSchema = z.object(target).superRefine(oneTarget);
export type TPaymentOptionsRequest = z.input<typeof ZPaymentOptionsRequestSchema>;

/** Why a proof would be refused now; a tier refusal names the tier to reach (an upgrade link). */
const ZRefusal = z.object({
  reason: z.enum(PAYMENT_REFUSALS),
  message: z.string(),
  requiredTier: z.enum(TIERS).optional(),
});

/** A proof as its member sees it. */
export const ZPaymentProofSchema = z.object({
  id: z.number().int(),
  purpose: z.enum(PAYMENT_PURPOSES),
  contestId: z.number().int().nullable(),
  /** The contest's title now, or as it was when paid if the contest is gone. */
  contestTitle: z.string().nullable(),
  contestSlug: z.string().nullable(),
  tier: z.enum(TIERS).nullable(),
  /** An upgrade's plan (an upgrade sent before plans had periods bought 'lifetime'); else null. */
  periodDays: ZPlanPeriod.nullable(),
  network: z.enum(PAYMENT_NETWORKS),
  /** The address the member was asked to pay to, as configured then. */
  walletAddress: z.string(),
  /**
   * Normalised: hexadecimal hashes (ETH, MATIC, BNB, BTC, TRX) as 64 lower-case digits without
   * 0x; Solana signatures as sent.
   */
  txHash: z.string(),
  /** The network's block-explorer page of this transaction (payment settings); null: none. */
  explorerUrl: z.string().nullable(),
  senderAddress: z.string(),
  notes: z.string().nullable(),
  proofFile: z.string().nullable(),
  /** USD to 2 decimals and the coin amount to 8, as text ('100.00', '0.04200000'). */
  amountUsd: z.string(),
  amountCoin: z.string(),
  /**
   * An upgrade's credit for the unused days of the plan it replaced ('12.50'; issue 33):
   * `amountUsd` is the price after it. Null: no credit.
   */
  creditUsd: z.string().nullable(),
  status: z.enum(PROOF_STATUSES),
  /** Why it was rejected. */
  reason: z.string().nullable(),
  reviewedAt: z.date().nullable(),
  createdAt: z.date(),
});
export type TPaymentProof = z.infer<typeof ZPaymentProofSchema>;

/**
 * A proof as its member is answered when sending it: a downgrade (issue 33) says when the plan
 * begins, the end of the one held (null: on verification).
 */
export const ZSentProofSchema = ZPaymentProofSchema.extend({ startsAt: z.date().nullable() });
export type TSentProof = z.infer<typeof ZSentProofSchema>;

/** A proof as reviewers see it: with its member and reviewer. */
export const ZReviewProofSchema = ZPaymentProofSchema.extend({
  userId: z.number().int().nullable(),
  /** The member's username now; null once their account is deleted ('Deleted user'). */
  username: z.string().nullable(),
  /** The username they had when they sent it (kept for the records). */
  submittedAs: z.string(),
  reviewerName: z.string().nullable(),
  /** A team contest's fee: the team the member pays for (its captain pays once), else null. */
  teamName: z.string().nullable(),
});
export type TReviewProof = z.infer<typeof ZReviewProofSchema>;

export const ZPaymentOptionsSchema = z.object({
  purpose: z.enum(PAYMENT_PURPOSES),
  contest: z
    .object({
      id: z.number().int(),
      slug: z.string(),
      title: z.string(),
      entryFee: z.string().nullable(),
      /** The contest's discussion is on: a rejected proof links to a new topic about it. */
      enableComments: z.boolean(),
    })
    .nullable(),
  tier: z.enum(PAID_TIERS).nullable(),
  /** An upgrade's plan period (30 days unless asked for another), else null. */
  periodDays: ZPlanPeriod.nullable(),
  /** The member's tier now (for upgrades: what they would leave). */
  currentTier: z.enum(TIERS),
  /** What is to be paid: for an upgrade, the plan's price after `creditUsd`. */
  amountUsd: z.string(),
  /** An upgrade's credit for the unused days of the paid plan held ('12.50'), else null. */
  creditUsd: z.string().nullable(),
  /**
   * What buying this tier does to the plan held (issue 33): 'buy' (from the verification),
   * 'renew' (added to the current end), 'upgrade' (credited, from the verification),
   * 'downgrade' (the next plan, from `startsAt`); null for an entry fee.
   */
  change: z.enum(PLAN_CHANGES).nullable(),
  /** A downgrade begins when the plan held ends (this date); otherwise null (on verification). */
  startsAt: z.date().nullable(),
  /** Only the networks an admin gave an address for; empty when payments are not set up. */
  networks: z.array(
    z.object({
      network: z.enum(PAYMENT_NETWORKS),
      name: z.string(),
      address: z.string(),
      rate: z.number(),
      amountCoin: z.string(),
    }),
  ),
  /** The member's proofs for this same contest or for tier upgrades, newest first. */
  proofs: z.array(ZPaymentProofSchema),
  /** Why a proof would be refused now (already verified, one pending, ...), else null. */
  refusal: ZRefusal.nullable(),
});
export type TPaymentOptions = z.infer<typeof ZPaymentOptionsSchema>;

const pageShape = { page: ZPage.default(1), pageSize: ZPageSize(100).default(25) };

export const ZMyProofsRequestSchema = z.object(pageShape).default({ page: 1, pageSize: 25 });

export const ZMyProofsResponseSchema = ZPageOf(ZPaymentProofSchema);

export const ZProofQueueRequestSchema = z
  .object({
    status: z
      .enum(PROOF_STATUSES, { error: `Status must be one of ${PROOF_STATUSES.join(', ')}` })
      .default('pending'),
    ...pageShape,
  })
  .default({ status: 'pending', page: 1, pageSize: 25 });

export const ZProofQueueResponseSchema = ZPageOf(ZReviewProofSchema);

export const ZReviewProofRequestSchema = z
  .object({
    id: ZPlainRowId('A proof id is required', 'No proof has that id'),
    status: z.enum(REVIEW_STATUSES, { error: M.reviewStatus }),
    reason: z
      .string({ error: M.reasonRequired })
      .trim()
      .max(L.reasonMax, M.reasonMax)
      .optional()
      .nullable(),
  })
  .superRefine((value, ctx) => {
    if (value.status === 'rejected' && !value.reason) {
      ctx.addIssue({ code: 'custom', message: M.reasonRequired, path: ['reason'] });
    }
  });
export type TReviewProofRequest = z.input<typeof ZReviewProofRequestSchema>;

export const ZTierBreakdownSchema = z.object({
  free: z.number().int(),
  standard: z.number().int(),
  pro: z.number().int(),
  elite: z.number().int(),
});
export type TTierBreakdown = z.infer<typeof ZTierBreakdownSchema>;

/**
 * /payment without a query: the tier choice. Each paid tier with its price (null when the admin
 * set none: it cannot be bought) and how many open contests require exactly that tier.
 */
export const ZTierChoiceSchema = z.object({
  currentTier: z.enum(TIERS),
  tiers: z.array(
    z.object({
      tier: z.enum(PAID_TIERS),
      priceUsd: z.string().nullable(),
      openContests: z.number().int(),
    }),
  ),
  /** Whether any network has a wallet address (else nothing can be paid yet). */
  paymentsSetUp: z.boolean(),
});
export type TTierChoice = z.infer<typeof ZTierChoiceSchema>;

export const ZPaymentsChangeRequestSchema = ZOwnChangesRequestSchema;

/** What payments.onChange emits: "your payment proofs changed, read their state again". */
export interface TPaymentsChange {
  version: number;
}
