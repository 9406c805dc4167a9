// The plans of the payment settings (issue 33) as a table: a row per paid tier, a column per
// period (30 days: `tierPrices`, 365 days: `yearPrices`, lifetime: `lifetimePrices`). 0 leaves a
// 30- or 365-day plan off; an empty lifetime price leaves the lifetime plan off.
import { Stack, Text } from '@chakra-ui/react';
import { TIER_LABELS } from '../../../../shared/constants';
import { PAID_TIERS, type PaidTier } from '../../../../shared/payments';
import type { PlanPeriod } from '../../../../shared/subscriptions';
import { ResponsiveTable, type ResponsiveColumn } from '../../common/ResponsiveTable';
import { periodLabel, planPriceLabel } from '../../payments/planLabels';
import { PlanPriceField } from './PlanPriceField';

const FIELD_OF: Record<PlanPeriod, string> = {
  30: 'tierPrices',
  365: 'yearPrices',
  lifetime: 'lifetimePrices',
};

const periodColumn = (period: PlanPeriod): ResponsiveColumn<PaidTier> => ({
  key: String(period),
  header: periodLabel(period),
  cell: (tier) => (
    <PlanPriceField
      name={`${FIELD_OF[period]}.${tier}`}
      label={planPriceLabel(tier, period)}
      nullable={period === 'lifetime'}
    />
  ),
});

const COLUMNS: ResponsiveColumn<PaidTier>[] = [
  { key: 'tier', header: 'Tier', cell: (tier) => TIER_LABELS[tier], hideOnMobile: true },
  periodColumn(30),
  periodColumn(365),
  periodColumn('lifetime'),
];

export function PlanPricesTable() {
  return (
    <Stack gap="2">
      <ResponsiveTable
        caption="Plan prices in USD, per tier and period"
        columns={COLUMNS}
        rows={PAID_TIERS}
        rowKey={(tier) => tier}
        cardTitle={(tier) => TIER_LABELS[tier]}
        emptyText=""
      />
      <Text color="fg.muted" fontSize="sm">
        Prices in USD. A price of 0 leaves that plan off; an empty lifetime price offers no lifetime
        plan.
      </Text>
    </Stack>
  );
}
