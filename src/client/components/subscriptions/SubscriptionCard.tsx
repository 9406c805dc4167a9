// Account Settings › Subscription (issue 33): the member's plan, when it ends, the grace after it,
// the plan that follows, a way to renew or change plan, and what they paid.
import { Alert, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { TIER_LABELS } from '../../../shared/constants';
import { planDate } from '../../../shared/subscriptions';
import type { TMySubscription } from '../../../shared/schemas/subscriptions';
import { trpc } from '../../lib/trpc';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { DataFact } from '../common/DataFact';
import { LinkButton } from '../common/LinkButton';
import { BillingHistory } from './BillingHistory';
import { isPaid, renewHref } from './planLinks';
import { daysText, endText, graceText } from './planText';

function PlanFacts({ plan }: { plan: TMySubscription }) {
  return (
    <DataList.Root orientation="horizontal" size="sm">
      <DataFact label="Plan">{TIER_LABELS[plan.tier]}</DataFact>
      <DataFact label="Ends">{endText(plan.expiresAt)}</DataFact>
      {plan.graceEndsAt ? (
        <DataFact label="Kept until">{planDate(plan.graceEndsAt)}</DataFact>
      ) : null}
      {plan.nextTier ? (
        <DataFact label="Next plan">
          {TIER_LABELS[plan.nextTier]}
          {plan.nextPeriodDays !== null ? `, ${daysText(plan.nextPeriodDays)}` : ''}
          {plan.expiresAt ? ` from ${planDate(plan.expiresAt)}` : ''}
        </DataFact>
      ) : null}
    </DataList.Root>
  );
}

export function SubscriptionCard() {
  const mine = trpc.subscriptions.mine.useQuery(undefined, {
    // Reviews and staff change plans elsewhere: read it afresh whenever the tab opens.
    staleTime: 0,
    refetchOnMount: 'always',
  });
  useLoadErrorToast(mine.error, 'Error', 'Failed to load your subscription');
  const plan = mine.data;
  if (!plan) {
    return <Text color="fg.muted">{mine.isLoading ? 'Loading your plan...' : ''}</Text>;
  }
  const renewable = isPaid(plan.tier) && plan.expiresAt !== null;
  return (
    <Stack gap="6">
      {plan.inGrace && plan.expiresAt && plan.graceEndsAt ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{graceText(plan.tier, plan.expiresAt, plan.graceEndsAt)}</Alert.Title>
        </Alert.Root>
      ) : null}
      <PlanFacts plan={plan} />
      <HStack gap="3" wrap="wrap">
        {renewable && isPaid(plan.tier) ? (
          <LinkButton href={renewHref(plan.tier)} colorPalette="purple">
            Renew {TIER_LABELS[plan.tier]}
          </LinkButton>
        ) : null}
        <LinkButton href="/payment" variant="outline">
          {plan.tier === 'free' ? 'Choose a plan' : 'Change plan'}
        </LinkButton>
      </HStack>
      <Stack gap="2">
        <Heading as="h3" size="sm">
          Billing history
        </Heading>
        <BillingHistory history={plan.history} />
      </Stack>
    </Stack>
  );
}
