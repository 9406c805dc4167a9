// What a single-use link mailed to a member is for, and how long it stays good.
export const ACCOUNT_TOKEN_PURPOSES = ['password_reset', 'verify_email', 'unlock_device'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/**
 * The 30 minutes for a reset link; two days to verify an address; an hour to let a
 * browser past a lock-out (the owner reads the mail while trying to sign in).
 */
export const TOKEN_TTL_MS: Record<AccountTokenPurpose, number> = {
  password_reset: 30 * 60 * 1000,
  verify_email: 48 * 3600 * 1000,
  unlock_device: 60 * 60 * 1000,
};
