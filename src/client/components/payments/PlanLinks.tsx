// The plans one tier is sold in (issue 33), each with its price and a link to pay for it:
// /payment?tier=pro&period=365. The link's name says the tier too ('Pro, 365 days: $250.00 USD'),
// the card's heading already showing it to the eye.
import { Button, Stack, VisuallyHidden } from '@chakra-ui/react';
import { Link } from 'wouter';
import { TIER_LABELS } from '../../../shared/constants';
import type { PaidTier } from '../../../shared/payments';
import type { TPlans } from '../../../shared/schemas/subscriptions';
import { paymentHref } from './paymentQuery';
import { periodLabel, planPriceText } from './planLabels';

export function PlanLinks({ tier, plans }: { tier: PaidTier; plans: TPlans }) {
  return (
    <Stack
      as="ul"
      gap="2"
      listStyleType="none"
      m="0"
      p="0"
      aria-label={`${TIER_LABELS[tier]} plans`}
    >
      {plans.map((plan) => (
        <li key={String(plan.periodDays)}>
          <Button
            asChild
            colorPalette="purple"
            variant={plan.periodDays === 30 ? 'solid' : 'outline'}
            w="full"
            justifyContent="space-between"
          >
            <Link href={paymentHref({ tier, period: plan.periodDays })}>
              <span>
                <VisuallyHidden>{TIER_LABELS[tier]}, </VisuallyHidden>
                {periodLabel(plan.periodDays)}
              </span>
              <VisuallyHidden>: </VisuallyHidden>
              <span>{planPriceText(plan.priceUsd)}</span>
            </Link>
          </Button>
        </li>
      ))}
    </Stack>
  );
}
