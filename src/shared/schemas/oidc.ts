// Sign in with OpenID Connect: the providers' buttons, the follow-up screens of a first sign-in,
// and Account Settings' 'Sign-in methods'. The texts both sides show are here too.
import { z } from 'zod';
import { MSG } from '../messages';
import { PASSWORD_MAX } from '../constants';
import { ZPassword, ZUsername } from './auth';

export const OIDC_MSG = {
  noFlow: 'This sign-in has expired or was started in another browser. Please start again.',
  stateMismatch:
    'This sign-in could not be verified: the answer did not match the request this browser made. Please start again.',
  cancelled: (label: string) => `Sign-in with ${label} was cancelled.`,
  failed: (label: string) => `Sign-in with ${label} could not be completed. Please try again.`,
  unavailable: (label: string) =>
    `Sign-in with ${label} is unavailable right now. Please try again later.`,
  unknownProvider: 'That sign-in provider is not configured here.',
  noEmail: (label: string) =>
    `${label} did not share an e-mail address, which an account here needs. Allow access to your e-mail at ${label}, or register with a password.`,
  emailNotVerified: (label: string, email: string) =>
    `An account with the e-mail ${email} already exists. As that e-mail is not verified both here and at ${label}, ${label} was not linked to it. Sign in with your password, then link ${label} under Account Settings › Sign-in methods.`,
  emailUsesProvider: (label: string, email: string) =>
    `An account with the e-mail ${email} already exists and signs in with another provider. Sign in with that one, then link ${label} under Account Settings › Sign-in methods.`,
  registrationClosed: (label: string) =>
    `No account here is linked to that ${label} account, and ${MSG.registrationDisabled.toLowerCase()}.`,
  linkedToOther: (label: string) => `That ${label} account is already linked to another member.`,
  otherIdentityLinked: (label: string) =>
    `Your account is already linked to another ${label} account. Unlink it first.`,
  linkSignedOut: (label: string) =>
    `You were signed out while linking ${label}. Sign in and try again.`,
  lastWayIn:
    'This is your only way to sign in. Set a password or link another provider before removing it.',
  notLinked: 'That provider is not linked to your account',
  noPassword:
    'This account has no password: sign in with the provider linked to it (its "Continue with" button), or set a password in Account Settings once signed in.',
  noPasswordToChange:
    'Your account has no password yet. Set one under Sign-in methods (no current password needed).',
  passwordAlreadySet: 'Your account already has a password. Change it with your current password.',
  wrongPassword: 'The password is not correct',
} as const;

/** A configured provider whose button is shown (its discovery succeeded). */
export const ZOidcProviderSchema = z.object({ id: z.string(), label: z.string() });
export const ZOidcProvidersResponseSchema = z.array(ZOidcProviderSchema);
export type TOidcProvider = z.infer<typeof ZOidcProviderSchema>;

/**
 * Where this browser's OpenID sign-in stands, for /auth (and /settings after a link): nothing
 * pending; a refusal to explain; a username to choose; or a link to confirm with the password.
 */
export const ZOidcFlowResponseSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('error'),
      message: z.string(),
      intent: z.enum(['signin', 'link']),
    }),
    z.object({
      kind: z.literal('username'),
      provider: z.string(),
      email: z.string(),
      suggestedUsername: z.string(),
    }),
    z.object({
      kind: z.literal('confirm'),
      provider: z.string(),
      email: z.string(),
      username: z.string(),
    }),
  ])
  .nullable();
export type TOidcFlow = z.infer<typeof ZOidcFlowResponseSchema>;

export const ZChooseUsernameRequestSchema = z.object({ username: ZUsername });
export type TChooseUsernameRequest = z.infer<typeof ZChooseUsernameRequestSchema>;

export const ZConfirmLinkRequestSchema = z.object({
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
});
export type TConfirmLinkRequest = z.infer<typeof ZConfirmLinkRequestSchema>;

export const ZSignInMethodsResponseSchema = z.object({
  hasPassword: z.boolean(),
  providers: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      /** Its button works now (configured and discovered). */
      available: z.boolean(),
      linked: z.object({ email: z.string().nullable(), linkedAt: z.date() }).nullable(),
    }),
  ),
});
export type TSignInMethods = z.infer<typeof ZSignInMethodsResponseSchema>;

export const ZUnlinkProviderRequestSchema = z.object({
  provider: z.string({ error: 'Provider is required' }).min(1, 'Provider is required').max(32),
});

/** A first password for an account made through a provider: no current one to give. */
export const ZSetPasswordRequestSchema = z
  .object({
    newPassword: ZPassword,
    confirmPassword: z.string({ error: 'Please confirm your password' }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MSG.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type TSetPasswordRequest = z.infer<typeof ZSetPasswordRequestSchema>;

export const ZOidcOkResponseSchema = z.object({ success: z.literal(true) });
