// The plan chooser, /payment with no query (issue 33): the three paid tiers with what each opens,
// the member's tier, and for each higher one its plans (30 days, 365 days, lifetime, as
// subscriptions.plans offers them) with their prices, each a link to pay for it. 'Upgrade Now'
// and the sidebar lead here.
import {
  Badge,
  Center,
  Link as ChakraLink,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link } from 'wouter';
import { TIER_LABELS } from '../../../shared/constants';
import type { TUser } from '../../../shared/schemas/auth';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { PageHeader } from '../layout/PageHeader';
import { PaymentsNotSetUp } from './PaymentsNotSetUp';
import { TierCard } from './TierCard';
import { useTierFollower } from './useTierFollower';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';

export function TierChoice({ user }: { user: TUser }) {
  const choice = trpc.payments.tiers.useQuery(undefined, {
    staleTime: 0,
    refetchOnMount: 'always',
  });
  useTierFollower(user, choice.data?.currentTier);
  const plans = trpc.subscriptions.plans.useQuery(undefined, {
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const error = choice.error ?? plans.error;
  useLoadErrorToast(error, 'Error', 'Failed to load the plans');
  const data = choice.data && plans.data ? choice.data : undefined;
  const plansOf = (tier: string) => (plans.data ?? []).filter((plan) => plan.tier === tier);
  return (
    <>
      <PageHeader
        title="Payment"
        subtitle="Choose a plan: upgrade your tier to join more contests"
      />
      {!data ? (
        error ? (
          <Text>{errorMessage(error, 'Failed to load the plans')}</Text>
        ) : (
          <Center py="12">
            <Spinner size="lg" aria-label="Loading plans" />
          </Center>
        )
      ) : (
        <Stack gap="6">
          <Text>
            Your current tier:{' '}
            <Badge colorPalette="purple" variant="subtle" size="lg">
              {TIER_LABELS[data.currentTier]}
            </Badge>
          </Text>
          {data.paymentsSetUp ? null : <PaymentsNotSetUp />}
          <SimpleGrid as="ul" columns={{ base: 1, md: 3 }} gap="4" listStyleType="none" m="0" p="0">
            {data.tiers.map((offer) => (
              <TierCard key={offer.tier} offer={offer} choice={data} plans={plansOf(offer.tier)} />
            ))}
          </SimpleGrid>
          <Text color="fg.muted" fontSize="sm">
            Entry fees of paid contests are paid from each contest’s page. Every payment you sent
            and its state is in{' '}
            <ChakraLink asChild variant="underline" color="fg">
              <Link href="/settings?tab=payments">Account Settings</Link>
            </ChakraLink>
            .
          </Text>
        </Stack>
      )}
    </>
  );
}
