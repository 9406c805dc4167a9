import { TIERS, TIER_LABELS, type Role } from '../../../../shared/constants';

export const ROLE_LABELS: Record<Role, string> = {
  user: 'User',
  moderator: 'Moderator',
  admin: 'Admin',
  banned: 'Banned',
};

export const TIER_OPTIONS = TIERS.map((t) => ({ value: t, label: TIER_LABELS[t] }));
