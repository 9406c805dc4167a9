// The plans one tier is sold in (issue 33), each with its price and a link to pay for it:
// /payment?tier=pro&period=365. The link's name says the tier too ('Pro, 365 days: $250.00 USD'),
// the card's heading already showing it to the eye (one label: hidden text between the flex
// items' spans would be read with stray spaces).
import { Button, Stack } from '@chakra-ui/react';
import { Link } from 'wouter';
import { TIER_LABELS } from '../../../shared/constants';
import type { PaidTier } from '../../../shared/payments';
import type { TPlans } from '../../../shared/schemas/subscriptions';
import { paymentHref } from './paymentQuery';
import { periodLabel, planLabel, planPriceText } from './planLabels';

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
            <Link
              href={paymentHref({ tier, period: plan.periodDays })}
              aria-label={`${planLabel(tier, plan.periodDays)}: ${planPriceText(plan.priceUsd)}`}
            >
              <span>{periodLabel(plan.periodDays)}</span>
              <span>{planPriceText(plan.priceUsd)}</span>
            </Link>
          </Button>
        </li>
      ))}
    </Stack>
  );
}
