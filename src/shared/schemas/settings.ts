import { z } from 'zod';
import { ZRequiredText } from './requiredText';
import { TIERS } from '../constants';
import { DEFAULT_SITE_NAME } from '../platformName';

/** A whole number from 1 to `max`, named in its message as the form labels it. */
function limitField(label: string, max: number) {
  const message = `${label} must be a whole number from 1 to ${max.toLocaleString('en-US')}`;
  return z.number({ error: message }).int(message).min(1, message).max(max, message);
}

export const ZPlatformSettingsSchema = z.object({
  siteName: ZRequiredText(
    1,
    100,
    'Site name is required',
    'Site name must be at most 100 characters',
  ),
  contactEmail: z
    .string({ error: 'Must be a valid email' })
    .trim()
    .max(254, 'Must be a valid email')
    .pipe(z.email('Must be a valid email')),
  enableRegistration: z.boolean({ error: 'Must be true or false' }),
  maintenanceMode: z.boolean({ error: 'Must be true or false' }),
  defaultUserTier: z.enum(TIERS, {
    error: 'Default tier must be one of free, standard, pro, elite',
  }),
  contestApprovalRequired: z.boolean({ error: 'Must be true or false' }),
  /** Members must verify their e-mail before they join contests or send payment proofs. */
  requireVerifiedEmail: z.boolean({ error: 'Must be true or false' }),
  /** Moderators and admins without two-factor sign-in must set it up before anything else. */
  requireStaffTwoFactor: z.boolean({ error: 'Must be true or false' }),
  // Abuse limits an operator meets (LIMIT_SETTINGS below says what each protects).
  signupsPerAddressPerHour: limitField('Sign-ups per address per hour', 10_000),
  signInFailuresPerAddress: limitField('Failed sign-ins per address per 15 minutes', 10_000),
  uploadsPerMemberPerMinute: limitField('Uploads per member per minute', 1_000),
  contestsPerMemberPerDay: limitField('Contests per member per day', 1_000),
  draftsPerMember: limitField('Open drafts per member', 1_000),
  // The discussion's limits (issue 32; Discourse's numbers): moderators and admins are not limited.
  secondsBetweenPosts: limitField('Seconds between posts', 3_600),
  secondsBetweenTopics: limitField('Seconds between topics', 3_600),
  firstDayTopics: limitField('Topics on a member’s first day', 1_000),
  firstDayReplies: limitField('Replies on a member’s first day', 1_000),
  upvotesPerDay: limitField('Upvotes per member per day', 10_000),
  duplicatePostMinutes: limitField('Minutes the same text cannot be posted again', 1_440),
  reportsPerDay: limitField('Reports per member per day', 10_000),
  reportsToHide: limitField('Reports that hide a post until reviewed', 1_000),
  /** Days a winner has to add a payout method before their prize is forfeited (issue 30). */
  payoutClaimDays: limitField('Days to claim a prize', 365),
  /** Small installs: the admin who approved a payout may also mark it sent (off: a second admin). */
  payoutsOneAdmin: z.boolean({ error: 'Must be true or false' }),
});
export type TPlatformSettings = z.infer<typeof ZPlatformSettingsSchema>;

export const DEFAULT_PLATFORM_SETTINGS: TPlatformSettings = {
  siteName: DEFAULT_SITE_NAME,
  contactEmail: 'admin@example.com',
  enableRegistration: true,
  maintenanceMode: false,
  defaultUserTier: 'free',
  contestApprovalRequired: true,
  requireVerifiedEmail: false,
  requireStaffTwoFactor: false,
  signupsPerAddressPerHour: 10,
  signInFailuresPerAddress: 30,
  uploadsPerMemberPerMinute: 10,
  contestsPerMemberPerDay: 10,
  draftsPerMember: 20,
  secondsBetweenPosts: 5,
  secondsBetweenTopics: 15,
  firstDayTopics: 3,
  firstDayReplies: 10,
  upvotesPerDay: 50,
  duplicatePostMinutes: 5,
  reportsPerDay: 20,
  reportsToHide: 3,
  payoutClaimDays: 30,
  payoutsOneAdmin: false,
};

export type LimitSettingKey =
  | 'signupsPerAddressPerHour'
  | 'signInFailuresPerAddress'
  | 'uploadsPerMemberPerMinute'
  | 'contestsPerMemberPerDay'
  | 'draftsPerMember'
  | 'secondsBetweenPosts'
  | 'secondsBetweenTopics'
  | 'firstDayTopics'
  | 'firstDayReplies'
  | 'upvotesPerDay'
  | 'duplicatePostMinutes'
  | 'reportsPerDay'
  | 'reportsToHide';

/** The limits on Platform Settings, each with what it protects (shown beside the field). */
export const LIMIT_SETTINGS: ReadonlyArray<{
  key: LimitSettingKey;
  label: string;
  protects: string;
}> = [
  {
    key: 'signupsPerAddressPerHour',
    label: 'Sign-ups per address per hour',
    protects:
      'Stops one address from creating accounts in bulk. Raise it for a venue where everyone shares one address.',
  },
  {
    key: 'signInFailuresPerAddress',
    label: 'Failed sign-ins per address per 15 minutes',
    protects:
      'Slows password guessing from one address. Accounts keep their own lock-out whatever this says.',
  },
  {
    key: 'uploadsPerMemberPerMinute',
    label: 'Uploads per member per minute',
    protects: 'Keeps one member from filling the disk with avatars, covers and proofs.',
  },
  {
    key: 'contestsPerMemberPerDay',
    label: 'Contests per member per day',
    protects:
      'Keeps the approval queue from floods of submitted contests. Moderators and admins are not limited.',
  },
  {
    key: 'draftsPerMember',
    label: 'Open drafts per member',
    protects: 'Caps unfinished contests kept per member. Moderators and admins are not limited.',
  },
  {
    key: 'secondsBetweenPosts',
    label: 'Seconds between posts',
    protects:
      'Slows floods of replies in contest discussions. Moderators and admins are not limited.',
  },
  {
    key: 'secondsBetweenTopics',
    label: 'Seconds between topics',
    protects: 'Slows floods of new discussion topics. Moderators and admins are not limited.',
  },
  {
    key: 'firstDayTopics',
    label: 'Topics on a member’s first day',
    protects: 'Keeps a new account from spamming discussions before anyone has seen it.',
  },
  {
    key: 'firstDayReplies',
    label: 'Replies on a member’s first day',
    protects: 'Keeps a new account from spamming discussions before anyone has seen it.',
  },
  {
    key: 'upvotesPerDay',
    label: 'Upvotes per member per day',
    protects: 'Keeps one member from pushing posts up in bulk.',
  },
  {
    key: 'duplicatePostMinutes',
    label: 'Minutes the same text cannot be posted again',
    protects: 'Refuses the same text posted twice in a row (a double click, a copy-paste flood).',
  },
  {
    key: 'reportsPerDay',
    label: 'Reports per member per day',
    protects:
      'Keeps one member from flooding the moderators’ queue. Moderators and admins are not limited.',
  },
  {
    key: 'reportsToHide',
    label: 'Reports that hide a post until reviewed',
    protects: 'A post this many members report is hidden at once, pending a moderator’s review.',
  },
];

/** What every visitor may know about the platform (the sign-in screen and the maintenance page need it). */
export const ZPublicSettingsSchema = ZPlatformSettingsSchema.pick({
  siteName: true,
  contactEmail: true,
  enableRegistration: true,
  maintenanceMode: true,
});
export type TPublicSettings = z.infer<typeof ZPublicSettingsSchema>;

export const PAYMENT_NETWORKS = ['ETH', 'BTC', 'SOL', 'MATIC', 'TRX', 'BNB'] as const;
export type PaymentNetwork = (typeof PAYMENT_NETWORKS)[number];

// The shape of a receiving address on each network; empty means "not configured yet".
const EVM = /^0x[a-fA-F0-9]{40}$/;
const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
export const ADDRESS_PATTERNS: Record<PaymentNetwork, RegExp> = {
  ETH: EVM,
  MATIC: EVM,
  BNB: EVM,
  BTC: new RegExp(`^(bc1[a-z0-9]{25,87}|[13]${BASE58}{25,34})$`),
  SOL: new RegExp(`^${BASE58}{32,44}$`),
  TRX: new RegExp(`^T${BASE58}{33}$`),
};

/**
 * Common block explorers, one per network; `{hash}` is where the transaction hash goes (EVM
 * hashes with 0x, the others as stored). Admins may point them elsewhere, or clear one.
 */
export const DEFAULT_EXPLORER_URLS: Record<PaymentNetwork, string> = {
  ETH: 'https://etherscan.io/tx/{hash}',
  BTC: 'https://mempool.space/tx/{hash}',
  SOL: 'https://solscan.io/tx/{hash}',
  MATIC: 'https://polygonscan.com/tx/{hash}',
  TRX: 'https://tronscan.org/#/transaction/{hash}',
  BNB: 'https://bscscan.com/tx/{hash}',
};

export const EXPLORER_URL_MESSAGES = {
  https: 'The explorer link must be an https:// address',
  hash: 'The explorer link must contain {hash} where the transaction hash goes',
  max: 'The explorer link must be at most 300 characters',
} as const;

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value.replace('{hash}', 'hash'));
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

/** An https link with {hash} in it; empty means "no link" for that network. */
const ZExplorerUrl = (network: PaymentNetwork) =>
  z.preprocess(
    (v) => (v === undefined ? DEFAULT_EXPLORER_URLS[network] : (v ?? '')),
    z
      .string({ error: EXPLORER_URL_MESSAGES.https })
      .trim()
      .max(300, EXPLORER_URL_MESSAGES.max)
      .refine((v) => v === '' || isHttpsUrl(v), {
        message: EXPLORER_URL_MESSAGES.https,
        abort: true,
      })
      .refine((v) => v === '' || v.includes('{hash}'), { message: EXPLORER_URL_MESSAGES.hash }),
  );

const ZNetworkConfig = (network: PaymentNetwork) =>
  z.object({
    // Formik hands an emptied field to validation as undefined: an empty address is valid
    // (that network is simply not offered), so absent reads as ''.
    address: z.preprocess(
      (v) => v ?? '',
      z
        .string()
        .trim()
        .refine((v) => v === '' || ADDRESS_PATTERNS[network].test(v), {
          message: `Enter a valid ${network} address`,
        }),
    ),
    rate: z
      .number({ error: 'Rate must be a number' })
      .positive('Rate must be greater than 0')
      .max(1_000_000, 'Rate is too large'),
    /** The block explorer's transaction page, `{hash}` standing for the hash. */
    explorerUrl: ZExplorerUrl(network),
  });

const ZPrice = z
  .number({ error: 'Price must be a number' })
  .min(0, 'Price cannot be negative')
  .max(100_000, 'Price is too large');

// A year or a lifetime costs more than a month: ten times the largest 30-day price fits.
// (Its own schema: a second .max on ZPrice would keep ZPrice's 100,000 as well.)
const ZLongPrice = z
  .number({ error: 'Price must be a number' })
  .min(0, 'Price cannot be negative')
  .max(1_000_000, 'Price is too large');

const ZTierPrices = z.object({ standard: ZPrice, pro: ZPrice, elite: ZPrice });

/** The 365-day plans by default: ten times the 30-day price (issue 33). */
export function defaultYearPrices(
  tierPrices: z.infer<typeof ZTierPrices>,
): Record<'standard' | 'pro' | 'elite', number> {
  const times10 = (usd: number) => Math.round(usd * 1000) / 100;
  return {
    standard: times10(tierPrices.standard),
    pro: times10(tierPrices.pro),
    elite: times10(tierPrices.elite),
  };
}

/**
 * The plans (issue 33) are three prices per paid tier, a price of 0 (or null) meaning that plan
 * is not offered: `tierPrices` is the 30-day plan (the name kept from when a tier was bought for
 * good, so the forms, tests and stored settings that know it keep working), `yearPrices` the
 * 365-day plan and `lifetimePrices` a plan without end (off by default). A config stored before
 * plans had periods lacks the last two: it reads with ten times its own 30-day prices and no
 * lifetime plans (the transform below, so an admin's save without them gets the same).
 */
/** The grace period an ended plan keeps its tier for, unless an admin sets another. */
export const DEFAULT_GRACE_DAYS = 3;

export const ZPaymentConfigSchema = z
  .object({
    tierPrices: ZTierPrices,
    yearPrices: z.object({ standard: ZLongPrice, pro: ZLongPrice, elite: ZLongPrice }).optional(),
    lifetimePrices: z
      .object({
        standard: ZLongPrice.nullable(),
        pro: ZLongPrice.nullable(),
        elite: ZLongPrice.nullable(),
      })
      .optional(),
    // Days an ended plan keeps its tier (with a banner to renew) before it drops (issue 33).
    graceDays: z
      .number({ error: 'Grace days must be a whole number from 0 to 30' })
      .int('Grace days must be a whole number from 0 to 30')
      .min(0, 'Grace days must be a whole number from 0 to 30')
      .max(30, 'Grace days must be a whole number from 0 to 30')
      .optional(),
    networks: z.object({
      ETH: ZNetworkConfig('ETH'),
      BTC: ZNetworkConfig('BTC'),
      SOL: ZNetworkConfig('SOL'),
      MATIC: ZNetworkConfig('MATIC'),
      TRX: ZNetworkConfig('TRX'),
      BNB: ZNetworkConfig('BNB'),
    }),
  })
  .transform(({ tierPrices, yearPrices, lifetimePrices, graceDays, networks }) => ({
    tierPrices,
    yearPrices: yearPrices ?? defaultYearPrices(tierPrices),
    lifetimePrices: lifetimePrices ?? { standard: null, pro: null, elite: null },
    graceDays: graceDays ?? DEFAULT_GRACE_DAYS,
    networks,
  }));
export type TPaymentConfig = z.output<typeof ZPaymentConfigSchema>;
/** What an admin's form sends: the plans beyond 30 days may be left out (their defaults apply). */
export type TPaymentConfigInput = z.input<typeof ZPaymentConfigSchema>;

/** SPEC 9's conversion rates per USD; wallet addresses start empty until an admin sets them. */
export const DEFAULT_PAYMENT_CONFIG: TPaymentConfig = {
  tierPrices: { standard: 10, pro: 25, elite: 50 },
  yearPrices: { standard: 100, pro: 250, elite: 500 },
  lifetimePrices: { standard: null, pro: null, elite: null },
  graceDays: DEFAULT_GRACE_DAYS,
  networks: {
    ETH: { address: '', rate: 0.00042, explorerUrl: DEFAULT_EXPLORER_URLS.ETH },
    BTC: { address: '', rate: 0.000038, explorerUrl: DEFAULT_EXPLORER_URLS.BTC },
    SOL: { address: '', rate: 0.0125, explorerUrl: DEFAULT_EXPLORER_URLS.SOL },
    MATIC: { address: '', rate: 1.15, explorerUrl: DEFAULT_EXPLORER_URLS.MATIC },
    TRX: { address: '', rate: 10.75, explorerUrl: DEFAULT_EXPLORER_URLS.TRX },
    BNB: { address: '', rate: 0.0034, explorerUrl: DEFAULT_EXPLORER_URLS.BNB },
  },
};

export const ZUpdatePlatformSettingsRequestSchema = ZPlatformSettingsSchema.partial();
