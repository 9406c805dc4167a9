// A member's own account: profile, password and payout method (SPEC 2.11, 5).
import { z } from 'zod';
import { PASSWORD_MAX, MAX_ID } from '../constants';
import { MSG } from '../messages';
import { ZEmail, ZPhone, ZUsername } from './auth';
import { ADDRESS_PATTERNS } from './settings';

/** Only files from our own upload service may be used as pictures. */
export const ZUploadUrl = z
  .string()
  .trim()
  .max(300, 'File URL is too long')
  .regex(/^\/uploads\/[A-Za-z0-9_-]+\.[a-z0-9]+$/, 'Please upload the file first');

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** PATCH semantics: an absent field stays as it is; an empty one is cleared. */
const keepAbsent = <T>(v: T | null | undefined) => (v === undefined ? undefined : v ? v : null);

export const ZUpdateProfileRequestSchema = z.object({
  username: ZUsername.optional(),
  email: ZEmail.optional(),
  fullName: z
    .string()
    .trim()
    .max(100, 'Full name must be at most 100 characters')
    .optional()
    .nullable()
    .transform(keepAbsent),
  phoneNumber: ZPhone.optional().nullable().transform(keepAbsent),
  profileImage: z
    .union([ZUploadUrl, z.literal(''), z.null()])
    .optional()
    .transform((v) => (v === '' ? null : v)),
});
export type TUpdateProfileRequest = z.input<typeof ZUpdateProfileRequestSchema>;
export type TUpdateProfileRequestOutput = z.output<typeof ZUpdateProfileRequestSchema>;

const passwordField = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(6, 'Password must be at least 6 characters')
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

// An empty current password is missing, not short (SPEC 5's length message is for a typed one).
const currentPasswordField = z
  .string({ error: MSG.currentPasswordRequired })
  .min(1, MSG.currentPasswordRequired)
  .pipe(passwordField);

const changePasswordFields = {
  currentPassword: currentPasswordField,
  newPassword: passwordField.refine((v) => v.trim().length > 0, MSG.passwordBlank),
};
const passwordChanged = (v: { currentPassword: string; newPassword: string }) =>
  v.newPassword !== v.currentPassword;
const passwordUnchanged = { message: MSG.passwordUnchanged, path: ['newPassword'] };

export const ZChangePasswordRequestSchema = z
  .object(changePasswordFields)
  .refine(passwordChanged, passwordUnchanged);
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequestSchema>;

/** The form adds the confirmation, checked on the client only (the API takes the two above). */
export const ZChangePasswordFormSchema = z
  .object({
    ...changePasswordFields,
    confirmPassword: z.string({ error: MSG.passwordsDoNotMatch }),
  })
  .refine(passwordChanged, passwordUnchanged)
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MSG.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

export const ZChangePasswordResponseSchema = z.object({ success: z.literal(true) });

/** One of the member's signed-in sessions, as Account Settings lists them. */
export const ZSessionInfoSchema = z.object({
  id: z.string(),
  createdAt: z.date(),
  lastSeenAt: z.date(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type TSessionInfo = z.infer<typeof ZSessionInfoSchema>;
export const ZListSessionsResponseSchema = z.array(ZSessionInfoSchema);
export const ZRevokeSessionRequestSchema = z.object({
  id: z.string({ error: 'Session id is required' }).min(1).max(64),
});

export const PAYMENT_METHODS = ['bank', 'crypto', 'paypal'] as const;
export const PAYOUT_CURRENCIES = ['BTC', 'ETH', 'USDT', 'USDC'] as const;

// Formik hands an emptied field to validation as undefined, so every text here accepts it. Each
// field only has a length limit; what a method needs is checked on the whole (PRODUCT.md
// 'Money'), so a field of a method not chosen cannot block the form from behind the scenes.
const ZPaymentSettingsFields = z.object({
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Please select a payment method' }),
  accountName: optionalText(100, 'Account name'),
  accountNumber: optionalText(64, 'Account number'),
  bankName: optionalText(100, 'Bank name'),
  bankCode: optionalText(32, 'Bank code'),
  cryptoAddress: optionalText(128, 'Wallet address'),
  cryptoCurrency: z
    .enum(PAYOUT_CURRENCIES, { error: 'Please select a currency' })
    .optional()
    .nullable()
    .transform((v) => v ?? 'BTC'),
  paypalEmail: optionalText(254, 'PayPal email'),
});

/** The address shape of each payout currency: Bitcoin's own forms, ERC-20 for the rest. */
const PAYOUT_ADDRESS: Record<
  (typeof PAYOUT_CURRENCIES)[number],
  { pattern: RegExp; name: string }
> = {
  BTC: { pattern: ADDRESS_PATTERNS.BTC, name: 'BTC' },
  ETH: { pattern: ADDRESS_PATTERNS.ETH, name: 'ERC-20' },
  USDT: { pattern: ADDRESS_PATTERNS.ETH, name: 'ERC-20' },
  USDC: { pattern: ADDRESS_PATTERNS.ETH, name: 'ERC-20' },
};

type TPaymentSettingsFields = z.output<typeof ZPaymentSettingsFields>;

/** Each method's required fields, with the message shown beside the field that is missing. */
function checkPayoutMethod(v: TPaymentSettingsFields, ctx: z.RefinementCtx) {
  const require = (field: keyof TPaymentSettingsFields, message: string) => {
    if (!v[field]) ctx.addIssue({ code: 'custom', path: [field], message });
  };
  if (v.paymentMethod === 'bank') {
    require('accountName', 'Account name is required');
    require('accountNumber', 'Account number is required');
    require('bankName', 'Bank name is required');
  } else if (v.paymentMethod === 'crypto') {
    require('cryptoAddress', 'Wallet address is required');
    const address = PAYOUT_ADDRESS[v.cryptoCurrency];
    if (v.cryptoAddress && !address.pattern.test(v.cryptoAddress)) {
      ctx.addIssue({
        code: 'custom',
        path: ['cryptoAddress'],
        message: `Enter a valid ${address.name} address`,
      });
    }
  } else {
    require('paypalEmail', 'PayPal email is required');
    if (v.paypalEmail) {
      const email = ZEmail.safeParse(v.paypalEmail);
      if (!email.success) {
        ctx.addIssue({
          code: 'custom',
          path: ['paypalEmail'],
          message: email.error.issues[0]?.message ?? 'Please enter a valid email address',
        });
      }
    }
  }
}

/** Each payout detail and the method it belongs to (a payout goes only to the chosen method's). */
const PAYOUT_DETAIL_METHODS = {
  accountName: 'bank',
  accountNumber: 'bank',
  bankName: 'bank',
  bankCode: 'bank',
  cryptoAddress: 'crypto',
  cryptoCurrency: 'crypto',
  paypalEmail: 'paypal',
} as const satisfies Record<string, (typeof PAYMENT_METHODS)[number]>;
type PayoutDetail = keyof typeof PAYOUT_DETAIL_METHODS;
const PAYOUT_DETAILS = Object.keys(PAYOUT_DETAIL_METHODS) as PayoutDetail[];

/** Only the chosen method's details are kept: a payout never goes to a leftover of another. */
function keepChosenMethod(v: TPaymentSettingsFields) {
  const kept = Object.fromEntries(
    PAYOUT_DETAILS.map((field) => [
      field,
      PAYOUT_DETAIL_METHODS[field] === v.paymentMethod ? v[field] : null,
    ]),
  ) as { [K in PayoutDetail]: TPaymentSettingsFields[K] | null };
  return {
    paymentMethod: v.paymentMethod,
    ...kept,
    paypalEmail: kept.paypalEmail ? kept.paypalEmail.toLowerCase() : null,
  };
}

export const ZPaymentSettingsSchema =
  ZPaymentSettingsFields.superRefine(checkPayoutMethod).transform(keepChosenMethod);
export type TPaymentSettingsInput = z.input<typeof ZPaymentSettingsSchema>;
export type TPaymentSettings = z.output<typeof ZPaymentSettingsSchema>;

export const ZUpdatePaymentRequestSchema = ZPaymentSettingsFields.extend({
  userId: z.number().int().positive().max(MAX_ID, 'No user has that id'),
})
  .superRefine(checkPayoutMethod)
  .transform(({ userId, ...settings }) => ({ userId, ...keepChosenMethod(settings) }));

export const ZGetPaymentRequestSchema = z
  .object({ userId: z.number().int().positive().max(MAX_ID, 'No user has that id').optional() })
  .optional();

/** Each detail as stored: text, null when it is not the chosen method's. */
const storedPayoutDetails = Object.fromEntries(
  PAYOUT_DETAILS.map((field) => [field, z.string().nullable()]),
) as Record<PayoutDetail, z.ZodNullable<z.ZodString>>;

export const ZPaymentSettingsResponseSchema = z
  .object({
    paymentMethod: z.enum(PAYMENT_METHODS),
    ...storedPayoutDetails,
    updatedAt: z.date(),
  })
  .nullable();
export type TPaymentSettingsResponse = z.infer<typeof ZPaymentSettingsResponseSchema>;
