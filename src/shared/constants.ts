// Domain constants shared by the client and the server.
export const ROLES = ['user', 'moderator', 'admin', 'banned'] as const;
export type Role = (typeof ROLES)[number];

export const TIERS = ['free', 'standard', 'pro', 'elite'] as const;
export type Tier = (typeof TIERS)[number];

export const TIER_LABELS: Record<Tier, string> = {
  free: 'Free',
  standard: 'Standard',
  pro: 'Pro',
  elite: 'Elite',
};

/** The legacy value 'premium' reads as elite; anything unknown reads as free. */
export function normalizeTier(value: string | null | undefined): Tier {
  if (value === 'premium') return 'elite';
  return (TIERS as readonly string[]).includes(value ?? '') ? (value as Tier) : 'free';
}

export function tierRank(tier: string | null | undefined): number {
  return TIERS.indexOf(normalizeTier(tier));
}

export const PASSWORD_MAX = 128;

/** The largest row id: ids are 32-bit integers on PostgreSQL (and far from it on SQLite). */
export const MAX_ID = 2_147_483_647;
