// A contest's fields, each with SPEC 5's messages, and the rules across two of them. Formik
// hands an emptied field to validation as undefined, so every required field gives its SPEC
// message for undefined as well as for ''.
import { z } from 'zod';
import { ZRequiredText } from './requiredText';
import {
  CONTEST_CATEGORIES,
  CONTEST_FORMATS,
  CONTEST_LIMITS as L,
  CONTEST_MESSAGES as M,
  CONTEST_MODES,
  DEMO_COVER_IMAGES,
  PARTICIPATION_TYPES,
  SCORE_DECIMALS_MAX,
  SCORE_ORDERS,
} from '../contests';
import { TIERS } from '../constants';
import { ZContestId } from './contestId';
import { ZUploadUrl } from './account';

export { ZContestId };

export const ZContestTitle = ZRequiredText(L.titleMin, L.titleMax, M.title, M.titleMax);

export const ZContestCategory = z.enum(CONTEST_CATEGORIES, { error: M.category });
/** SPEC 5 server rule: type is required, and (SPEC 3) always equals the category. */
export const ZContestType = z.enum(CONTEST_CATEGORIES, { error: M.type });

export const ZShortDescription = ZRequiredText(
  L.shortDescriptionMin,
  L.shortDescriptionMax,
  M.shortDescription,
  M.shortDescriptionMax,
);

export const ZDescription = ZRequiredText(
  L.descriptionMin,
  L.descriptionMax,
  M.description,
  M.descriptionMax,
);

/** SPEC 5 'Server-side contest schema': the edit dialog's (and the server's) looser rule. */
export const ZServerDescription = ZRequiredText(
  L.serverDescriptionMin,
  L.descriptionMax,
  M.serverDescription,
  M.descriptionMax,
);

/** Text that may be left empty: '' and null are "none" (null). */
function optionalText(max: number, message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullable()
    .transform((v) => (v ? v : null));
}

/**
 * A file the contest points at: one of our uploads (whose owner the server checks), or, for
 * covers, one of the shipped demo images. '' and null are "none".
 */
function fileReference(message: string, allowDemoCovers: boolean) {
  return z
    .string({ error: message })
    .trim()
    .max(300, message)
    .nullable()
    .transform((value, ctx) => {
      if (!value) return null;
      const ok =
        ZUploadUrl.safeParse(value).success ||
        (allowDemoCovers && DEMO_COVER_IMAGES.includes(value));
      if (!ok) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return value;
    });
}

export const ZCoverImage = fileReference(M.coverImage, true);
export const ZPdfGuide = fileReference(M.pdfGuide, false);

export const ZExternalLink = z
  .string({ error: M.externalLink })
  .trim()
  .max(L.linkMax, M.externalLink)
  .nullable()
  .transform((value, ctx) => {
    if (!value) return null;
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {
      url = undefined;
    }
    // Only web links: a 'javascript:' or 'data:' link must never reach an href.
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) {
      ctx.addIssue({ code: 'custom', message: M.externalLink });
      return z.NEVER;
    }
    return value;
  });

export const ZContestMode = z.enum(CONTEST_MODES, { error: M.mode });
export const ZContestFormat = z.enum(CONTEST_FORMATS, { error: M.format });
export const ZParticipationType = z.enum(PARTICIPATION_TYPES, { error: M.participationType });
export const ZRequiredTier = z.enum(TIERS, { error: M.requiredTier });

/** 0 to 4 decimals; the wizard's select gives text ('2'), requests a number. */
export const ZScoreDecimals = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: M.scoreDecimals })
    .int(M.scoreDecimals)
    .min(0, M.scoreDecimals)
    .max(SCORE_DECIMALS_MAX, M.scoreDecimals),
);
export const ZScoreOrder = z.enum(SCORE_ORDERS, { error: M.scoreOrder });

export const ZMaxParticipants = z
  .number({ error: M.maxParticipants })
  .int(M.maxParticipantsWhole)
  .min(L.maxParticipantsMin, M.maxParticipantsMin)
  .max(L.maxParticipantsMax, M.maxParticipantsMax);

/**
 * The entry fee in USD, stored as text (SPEC 3): a number or a numeric string in, a plain
 * decimal string with at most two decimals out; '' and null are "none".
 */
export const ZEntryFee = z
  .union([z.number(), z.string(), z.null()], { error: M.entryFeeNumber })
  .transform((value, ctx) => {
    const text = typeof value === 'string' ? value.trim() : value;
    if (text === null || text === '') return null;
    const amount =
      typeof text === 'number' ? text : /^-?\d{1,12}(\.\d{1,12})?$/.test(text) ? Number(text) : NaN;
    const problem = !Number.isFinite(amount)
      ? M.entryFeeNumber
      : amount < L.entryFeeMin
        ? M.entryFee
        : amount > L.entryFeeMax
          ? M.entryFeeMax
          : undefined;
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return String(Math.round(amount * 100) / 100);
  });

export const ZPrize = optionalText(L.prizeMax, M.prizeMax);

export const ZFlag = z.boolean({ error: 'Must be true or false' });

/** Step 4's rule across fields: a paid contest has an entry fee of at least 1 (SPEC 5, 9). */
export function paidNeedsFee(
  value: { participationType?: string; entryFee?: string | null },
  ctx: z.RefinementCtx,
) {
  if (value.participationType === 'paid' && !value.entryFee) {
    ctx.addIssue({ code: 'custom', path: ['entryFee'], message: M.entryFee });
  }
}

export function typeIsCategory(value: { type?: string; category?: string }, ctx: z.RefinementCtx) {
  if (value.type && value.category && value.type !== value.category) {
    ctx.addIssue({ code: 'custom', path: ['type'], message: M.typeMismatch });
  }
}
