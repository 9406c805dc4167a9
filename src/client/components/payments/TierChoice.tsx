// /payment with no query: the three paid tiers with their prices and what each opens, the
// member's tier, and a link to pay for each higher one ('Upgrade Now' and the sidebar lead here).
import {
  Badge,
  Button,
  Card,
  Center,
  Heading,
  Link as ChakraLink,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link } from 'wouter';
import { TIER_LABELS, tierRank } from '../../../shared/constants';
import type { TUser } from '../../../shared/schemas/auth';
import type { TTierChoice } from '../../../shared/schemas/payments';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { PageHeader } from '../layout/PageHeader';
import { paymentHref } from './paymentQuery';
import { PaymentsNotSetUp } from './PaymentsNotSetUp';
import { usdText } from './proofLabels';
import { TIER_PERKS, contestsUnlocked } from './tierInfo';
import { useTierFollower } from './useTierFollower';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';

type TierOffer = TTierChoice['tiers'][number];

function TierCard({ offer, choice }: { offer: TierOffer; choice: TTierChoice }) {
  const label = TIER_LABELS[offer.tier];
  const owned = tierRank(offer.tier) <= tierRank(choice.currentTier);
  const counts = Object.fromEntries(choice.tiers.map((t) => [t.tier, t.openContests]));
  const opens = contestsUnlocked(counts, choice.currentTier, offer.tier);
  let action;
  if (owned) {
    action = (
      <Badge colorPalette="green" variant="subtle" alignSelf="flex-start">
        {offer.tier === choice.currentTier ? 'Your tier' : 'Included in your tier'}
      </Badge>
    );
  } else if (offer.priceUsd === null) {
    action = <Text color="fg.muted">Not available yet</Text>;
  } else {
    action = (
      <Button asChild colorPalette="purple" alignSelf="flex-start">
        <Link href={paymentHref({ tier: offer.tier })}>Upgrade to {label}</Link>
      </Button>
    );
  }
  return (
    <Card.Root as="li" borderColor={offer.tier === choice.currentTier ? 'purple.solid' : undefined}>
      <Card.Header>
        <Heading as="h2" size="lg">
          {label}
        </Heading>
        <Text fontSize="2xl" fontWeight="bold">
          {offer.priceUsd === null ? '—' : `${usdText(offer.priceUsd)} USD`}
        </Text>
      </Card.Header>
      <Card.Body gap="3">
        <Text>{TIER_PERKS[offer.tier]}</Text>
        {!owned ? (
          <Text color="fg.muted" fontSize="sm">
            {opens === 1 ? '1 open contest needs it now.' : `${opens} open contests need it now.`}
          </Text>
        ) : null}
      </Card.Body>
      <Card.Footer>{action}</Card.Footer>
    </Card.Root>
  );
}

export function TierChoice({ user }: { user: TUser }) {
  const choice = trpc.payments.tiers.useQuery(undefined, {
    staleTime: 0,
    refetchOnMount: 'always',
  });
  useTierFollower(user, choice.data?.currentTier);
  useLoadErrorToast(choice.error, 'Error', 'Failed to load the tiers');
  const data = choice.data;
  return (
    <>
      <PageHeader title="Payment" subtitle="Upgrade your tier to join more contests" />
      {!data ? (
        choice.error ? (
          <Text>{errorMessage(choice.error, 'Failed to load the tiers')}</Text>
        ) : (
          <Center py="12">
            <Spinner size="lg" aria-label="Loading tiers" />
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
              <TierCard key={offer.tier} offer={offer} choice={data} />
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
