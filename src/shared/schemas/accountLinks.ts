// Password reset and e-mail verification: the requests, the answers and their words (the
// issue's contract: POST /api/password/forgot, /api/password/reset, /api/email/verify).
import { z } from 'zod';
import { ZRequiredText } from './requiredText';
import { MSG } from '../messages';
import { ZPassword } from './auth';

export const ACCOUNT_LINK_MESSAGES = {
  identifierRequired: 'Enter your username or e-mail address',
  identifierMax: 'That is too long for a username or an e-mail address',
  /** The same answer whether or not an account matches (nobody learns who has an account). */
  forgotSent:
    'If an account matches, we have sent it an e-mail with a link to choose a new password. The link works for 30 minutes.',
  /** The words, for every link that no longer works (unknown, used, expired). */
  linkInvalid: 'This link has expired or was already used',
  tokenRequired: 'This link is incomplete: open the whole link from the e-mail',
  passwordReset: 'Your password has been changed. Sign in with your new password.',
  tooManyResets: 'Too many password reset requests from your network. Please try again later.',
  emailVerified: 'Your e-mail address is verified',
  alreadyVerified: 'Your e-mail address is already verified',
  verificationSent: 'We have sent a new verification link to your e-mail address.',
  tooManyMails: 'Too many e-mails were sent to your address. Please try again later.',
  deviceTrusted:
    'This browser is now trusted for your account: sign in with your password, even while the account is locked for others.',
  /** A sign-in refused because the account is locked, for a browser it does not know. */
  accountLocked: `${MSG.tooManyAttempts} If this account is yours and its e-mail is verified, we have sent it a link that lets this browser in.`,
} as const;

/** A token from a link: 43 characters of base64url (32 random bytes); nothing else is one. */
const ZToken = ZRequiredText(
  1,
  200,
  ACCOUNT_LINK_MESSAGES.tokenRequired,
  ACCOUNT_LINK_MESSAGES.linkInvalid,
);

export const ZForgotPasswordRequestSchema = z.object({
  identifier: ZRequiredText(
    1,
    254,
    ACCOUNT_LINK_MESSAGES.identifierRequired,
    ACCOUNT_LINK_MESSAGES.identifierMax,
  ),
});
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequestSchema>;

export const ZMessageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});

/** The new password twice, under the usual rules (the server adds those that need the account). */
const newPasswordFields = {
  password: ZPassword,
  confirmPassword: z.string({ error: 'Please confirm your password' }),
};
const passwordsMatch = (v: { password: string; confirmPassword: string }) =>
  v.password === v.confirmPassword;
const passwordsDoNotMatch = { message: MSG.passwordsDoNotMatch, path: ['confirmPassword'] };

export const ZResetPasswordRequestSchema = z
  .object({ token: ZToken, ...newPasswordFields })
  .refine(passwordsMatch, passwordsDoNotMatch);
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequestSchema>;

/** The reset form's fields (the token comes from the address). */
export const ZResetPasswordFormSchema = z
  .object(newPasswordFields)
  .refine(passwordsMatch, passwordsDoNotMatch);

export const ZVerifyEmailRequestSchema = z.object({ token: ZToken });

export const ZVerifyEmailResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  email: z.string(),
});

/** An unlock link opened (domain/accounts/deviceUnlock.ts): its token. */
export const ZTrustDeviceRequestSchema = z.object({ token: ZToken });

export const ZTrustDeviceResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  username: z.string(),
});
