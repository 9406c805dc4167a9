// What a single-use link mailed to a member is for, and how long it stays good.
export const ACCOUNT_TOKEN_PURPOSES = ['password_reset', 'verify_email'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/** The 30 minutes for a reset link; two days to verify an address. */
export const TOKEN_TTL_MS: Record<AccountTokenPurpose, number> = {
  password_reset: 30 * 60 * 1000,
  verify_email: 48 * 3600 * 1000,
};
