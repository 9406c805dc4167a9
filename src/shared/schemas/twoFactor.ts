// Two-factor sign-in (TOTP, RFC 6238): setting it up, signing in with a code or a recovery code,
// turning it off, and the texts both sides agree on.
import { z } from 'zod';
import { ZRequiredText } from './requiredText';
import { ZPlainRowId } from './rowId';
import { PASSWORD_MAX } from '../constants';
import { MSG } from '../messages';
import { ZSignedInUserSchema } from './auth';
import { TWO_FACTOR_MSG } from '../twoFactor';

export { RECOVERY_CODE_COUNT, TWO_FACTOR_MSG, TWO_FACTOR_SETUP_REQUIRED } from '../twoFactor';

/**
 * A code as typed: six digits from the app (spaces allowed, '123 456'), or a recovery code
 * ('abcd-efgh-jkmn'). Which one it is, is decided on the server; here only its size.
 */
export const ZSecondFactorCode = ZRequiredText(
  1,
  40,
  TWO_FACTOR_MSG.codeRequired,
  TWO_FACTOR_MSG.codeInvalid,
);

/** POST /api/login/2fa: the code after the password, on the cookie the password step set. */
export const ZTwoFactorSignInRequestSchema = z.object({
  code: ZSecondFactorCode,
  /** Optional: when given, it must name the account whose password was checked. */
  username: z.string().trim().max(50).optional(),
});
export type TTwoFactorSignInRequest = z.input<typeof ZTwoFactorSignInRequestSchema>;

/** auth.login's answer: the user, or a request for the second step (no session yet). */
export const ZTwoFactorRequiredSchema = z.object({ twoFactorRequired: z.literal(true) });
export const ZLoginResponseSchema = z.union([ZSignedInUserSchema, ZTwoFactorRequiredSchema]);
export type TLoginResponse = z.infer<typeof ZLoginResponseSchema>;

export const ZTwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.date().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The platform asks this account (a moderator or admin) to have it. */
  requiredForRole: z.boolean(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatusSchema>;

export const ZBeginSetupResponseSchema = z.object({
  /** Base32, as authenticator apps take it when typed in. */
  secret: z.string(),
  /** otpauth://totp/... : what the QR code holds. */
  otpauthUrl: z.string(),
  /** The QR code as an SVG data: URL, drawn on the server (the `qrcode` package). */
  qrCode: z.string(),
});
export type TBeginSetupResponse = z.infer<typeof ZBeginSetupResponseSchema>;

export const ZEnableTwoFactorRequestSchema = z.object({ code: ZSecondFactorCode });
export type TEnableTwoFactorRequest = z.input<typeof ZEnableTwoFactorRequestSchema>;

export const ZRecoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type TRecoveryCodesResponse = z.infer<typeof ZRecoveryCodesResponseSchema>;

export const ZDisableTwoFactorRequestSchema = z.object({
  password: z
    .string({ error: MSG.currentPasswordRequired })
    .min(1, MSG.currentPasswordRequired)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  code: ZSecondFactorCode,
});
export type TDisableTwoFactorRequest = z.input<typeof ZDisableTwoFactorRequestSchema>;

export const ZRegenerateRecoveryCodesRequestSchema = z.object({ code: ZSecondFactorCode });

export const ZResetTwoFactorRequestSchema = z.object({
  id: ZPlainRowId('A user id is required', 'No user has that id'),
});

export const ZTwoFactorOkSchema = z.object({ success: z.literal(true) });
