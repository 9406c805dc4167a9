// What an upgrade's price already takes off, or when a lower plan starts (issue 33): the figures
// are the server's (payments.options), computed by the shared rule the review applies.
import { Text } from '@chakra-ui/react';
import { TIER_LABELS, type Tier } from '../../../shared/constants';
import type { PlanChange } from '../../../shared/subscriptions';
import { planDate } from '../../../shared/subscriptions';
import { usdText } from './proofLabels';

export function PlanChangeNote({
  change,
  creditUsd,
  startsAt,
  currentTier,
}: {
  change: PlanChange | null;
  creditUsd: string | null;
  startsAt: Date | null;
  currentTier: Tier;
}) {
  if (change === 'upgrade' && creditUsd) {
    return (
      <Text fontSize="sm">
        Includes a credit of {usdText(creditUsd)} USD for the unused days of your{' '}
        {TIER_LABELS[currentTier]} plan.
      </Text>
    );
  }
  if (change === 'downgrade' && startsAt) {
    return (
      <Text fontSize="sm">
        This plan starts when your {TIER_LABELS[currentTier]} plan ends, on {planDate(startsAt)}.
      </Text>
    );
  }
  return null;
}
