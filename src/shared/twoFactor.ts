// Two-factor sign-in's texts and constants, without zod: the client's first bundle (main.tsx,
// the sign-in step) reads them too. Schemas are in schemas/twoFactor.ts.

/** How many recovery codes a member gets, each usable once. */
export const RECOVERY_CODE_COUNT = 10;

/** The `reason` of every call refused while a staff member still has to set up two-factor sign-in. */
export const TWO_FACTOR_SETUP_REQUIRED = 'two_factor_setup_required';

export const TWO_FACTOR_MSG = {
  codeRequired: 'Enter the code from your authenticator app',
  codeInvalid: 'That code is not valid. Check your authenticator app and try again.',
  codeUsed: 'That code has already been used. Wait for the next one.',
  signInExpired: 'Your sign-in has expired. Please enter your username and password again.',
  signInOtherAccount:
    'This sign-in is for another account. Please enter your username and password again.',
  notEnabled: 'Two-factor sign-in is not turned on for this account',
  alreadyEnabled: 'Two-factor sign-in is already turned on',
  noSetup: 'Start the setup again: no setup is in progress',
  setupRequired: 'Please set up two-factor sign-in before you continue',
  passwordIncorrect: 'Current password is incorrect',
  secretUnreadable:
    'The two-factor secret cannot be read with this server’s SESSION_SECRET. An administrator can reset two-factor sign-in for this account.',
} as const;
