// The signed-in user's tier is cached for the session; when a payment screen learns that it has
// changed (a reviewer verified an upgrade), the rest of the app (the tier label) follows.
import { useEffect } from 'react';
import { normalizeTier, type Tier } from '../../../shared/constants';
import type { TUser } from '../../../shared/schemas/auth';
import { trpc } from '../../lib/trpc';

export function useTierFollower(user: TUser, serverTier: Tier | undefined) {
  const utils = trpc.useUtils();
  const cached = normalizeTier(user.subscriptionTier);
  useEffect(() => {
    if (user.role !== 'admin' && serverTier && serverTier !== cached) {
      void utils.auth.me.invalidate();
    }
  }, [serverTier, cached, user.role, utils]);
}
