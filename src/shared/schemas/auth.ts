import { z } from 'zod';
import { normalizeTier, PASSWORD_MAX, ROLES, TIERS } from '../constants';
import { MSG } from '../messages';
import { passwordRuleProblem } from '../passwordPolicy';

/** A username's length, all that sign-in checks (registering also checks its characters). */
const ZUsernameLength = z
  .string({ error: 'Username is required' })
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(50, 'Username must be at most 50 characters');

export const ZUsername = ZUsernameLength.regex(
  /^[A-Za-z0-9_.-]+$/,
  'Username may only contain letters, digits, dots, dashes and underscores',
);

export const ZEmail = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'));

/** A password's length: all that sign-in checks; a new password may not be blank either. */
const ZPasswordLength = z
  .string({ error: 'Password is required' })
  .min(6, 'Password must be at least 6 characters')
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const ZPassword = ZPasswordLength.refine((v) => v.trim().length > 0, MSG.passwordBlank);

export const ZPhone = z
  .string()
  .trim()
  .max(32, 'Phone number is too long')
  .regex(/^[0-9+()\-.\s]*$/, 'Please enter a valid phone number');

export const ZLoginRequestSchema = z.object({
  username: ZUsernameLength,
  password: ZPasswordLength,
});
export type TLoginRequest = z.infer<typeof ZLoginRequestSchema>;

// Registration never accepts role or tier: unknown keys are stripped by zod.
export const ZRegisterRequestSchema = z
  .object({
    username: ZUsername,
    email: ZEmail,
    phone: ZPhone.optional().default(''),
    password: ZPassword,
    confirmPassword: z.string({ error: 'Please confirm your password' }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MSG.passwordsDoNotMatch,
    path: ['confirmPassword'],
  })
  .superRefine((v, ctx) => {
    const problem = passwordRuleProblem(v.password, v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['password'] });
  });
export type TRegisterRequest = z.input<typeof ZRegisterRequestSchema>;

/** The user as every procedure returns it: never the password hash or session version. */
export const ZUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  fullName: z.string().nullable(),
  role: z.enum(ROLES),
  // A row from older data may hold the legacy 'premium': it reads as elite (PRODUCT.md), rather
  // than failing the output check of every list it appears in.
  subscriptionTier: z.preprocess(
    (v) => (typeof v === 'string' ? normalizeTier(v) : v),
    z.enum(TIERS).nullable(),
  ),
  profileImage: z.string().nullable(),
  createdAt: z.date(),
  /**
   * An admin gave this account a temporary password: until the member chooses a new one, the
   * session may only change it, read who is signed in and sign out (reason
   * 'password_change_required').
   */
  mustChangePassword: z.boolean(),
  /** When the member opened the link mailed to `email`; null: not verified (yet). */
  emailVerifiedAt: z.date().nullable(),
});
export type TUser = z.infer<typeof ZUserSchema>;

/**
 * The user a sign-in answers with: `firstSignIn` (only when true) for an account that had never
 * signed in before, which is welcomed as new rather than 'Welcome back'.
 */
export const ZSignedInUserSchema = ZUserSchema.extend({ firstSignIn: z.literal(true).optional() });
export type TSignedInUser = z.infer<typeof ZSignedInUserSchema>;

/** The `reason` of every call refused while a temporary password is still to be replaced. */
export const PASSWORD_CHANGE_REQUIRED = 'password_change_required';

/**
 * Who is signed in. `twoFactorSetupRequired` (only when true): a moderator or admin whom the
 * platform requires to set up two-factor sign-in first (reason 'two_factor_setup_required').
 */
export const ZMeResponseSchema = ZUserSchema.extend({
  twoFactorSetupRequired: z.boolean().optional(),
}).nullable();
export type TMe = NonNullable<z.infer<typeof ZMeResponseSchema>>;
export const ZLogoutResponseSchema = z.object({ success: z.literal(true) });
