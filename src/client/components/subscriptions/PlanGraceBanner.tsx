// The banner of a plan in its grace (issue 33): 'Your Pro plan ended on …; renew by … to keep it',
// on every screen, for a member holding a paid tier (the only ones whose plan can end).
import { Alert, Link as ChakraLink } from '@chakra-ui/react';
import { Link } from 'wouter';
import type { TUser } from '../../../shared/schemas/auth';
import { trpc } from '../../lib/trpc';
import { isPaid, renewHref } from './planLinks';
import { graceText } from './planText';

export function PlanGraceBanner({ user }: { user: TUser }) {
  const paid = user.subscriptionTier !== null && isPaid(user.subscriptionTier);
  // The plan alone, not its billing history: this is read on every app load of a paid member.
  // A review or the subscription job changing it makes it stale (lib/invalidation).
  const mine = trpc.subscriptions.plan.useQuery(undefined, {
    enabled: paid && user.role !== 'admin',
    staleTime: Infinity,
  });
  const plan = mine.data;
  if (!plan?.inGrace || !plan.expiresAt || !plan.graceEndsAt || !isPaid(plan.tier)) return null;
  return (
    <Alert.Root status="warning" role="status" mb="6">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{graceText(plan.tier, plan.expiresAt, plan.graceEndsAt)}</Alert.Title>
        <Alert.Description>
          <ChakraLink asChild variant="underline" color="inherit">
            <Link href={renewHref(plan.tier)}>Renew now</Link>
          </ChakraLink>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
