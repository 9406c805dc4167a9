// Two-factor sign-in (TOTP, RFC 6238, through otplib): setting it up and confirming it, the
// second step of a sign-in, single-use recovery codes, turning it off, an admin's reset, and the
// platform's rule that staff must have it. One file per part; this is their door.
export { openSecret, sealSecret } from './secret';
export {
  assertTwoFactorSetUp,
  beginSetup,
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactorStatus,
  hasTwoFactor,
  regenerateRecoveryCodes,
  resetTwoFactor,
  twoFactorSetupRequired,
} from './setup';
export {
  PENDING_SIGN_IN_MS,
  cancelPendingSignIn,
  completePendingSignIn,
  isPendingSignInId,
  startPendingSignIn,
} from './pendingSignIn';
