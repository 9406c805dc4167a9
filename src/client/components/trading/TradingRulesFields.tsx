// A trading contest's rules as fields (issue 34), inside the caller's Formik form: the ranking
// metric with its explanation, each limit optional (empty: unset), the symbols comma separated,
// the minimum holding time in seconds or minutes, what a deposit does and the accounts' currency.
// One component for the wizards' step 2, the Edit Contest dialog and the contest page's rules
// dialog: they hold the values under `trading.`, the dialog at its root (`prefix`).
import { Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { getIn, useFormikContext } from 'formik';
import {
  DEPOSIT_RULES,
  METRIC_TEXTS,
  TIE_BREAK_TEXT,
  TRADING_LIMITS,
  TRADING_METRICS,
} from '../../../shared/trading/rules';
import { FormField } from '../common/FormField';
import { SelectField } from '../common/SelectField';
import { ChoiceField } from '../tournaments/ChoiceField';
import { HOLD_UNITS, type TradingRulesFormValues } from './rulesForm';

const METRIC_LABELS = {
  return_pct: 'Return %',
  net_profit: 'Net profit',
  profit_factor: 'Profit factor',
  return_over_drawdown: 'Return over drawdown',
} as const;
const METRIC_OPTIONS = TRADING_METRICS.map((m) => ({ value: m, label: METRIC_LABELS[m] }));
const UNIT_OPTIONS = HOLD_UNITS.map((u) => ({
  value: u,
  label: u === 'seconds' ? 'Seconds' : 'Minutes',
}));
const DEPOSIT_OPTIONS = DEPOSIT_RULES.map((d) => ({
  value: d,
  label:
    d === 'neutralise'
      ? 'Allowed: not counted as gain (time-weighted return)'
      : 'Disqualify: a deposit or withdrawal after the first trade',
}));

const OPTIONAL = 'Empty: no limit.';

export function TradingRulesFields({ prefix = '' }: { prefix?: '' | 'trading.' }) {
  const { values } = useFormikContext<unknown>();
  const own = (prefix ? getIn(values, prefix.slice(0, -1)) : values) as TradingRulesFormValues;
  const n = (field: keyof TradingRulesFormValues) => `${prefix}${field}`;
  return (
    <Stack gap="4" role="group" aria-labelledby={`${prefix}trading-rules-heading`}>
      <Heading as="h3" size="sm" id={`${prefix}trading-rules-heading`}>
        Trading rules
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        Traders upload their account statements; the board ranks them by these rules. Each rule is
        shown on the contest page in words.
      </Text>
      <SelectField
        name={n('metric')}
        label="Ranking"
        options={METRIC_OPTIONS}
        helperText={`${METRIC_TEXTS[own.metric] ?? METRIC_TEXTS.return_pct}. ${TIE_BREAK_TEXT}.`}
      />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField
          name={n('maxDrawdownPct')}
          label="Maximum drawdown (%)"
          inputMode="decimal"
          helperText={`Disqualified above it (peak to valley of the balance). ${OPTIONAL}`}
        />
        <FormField
          name={n('maxDailyLossPct')}
          label="Maximum daily loss (%)"
          inputMode="decimal"
          helperText={`Of the day's opening balance, days in UTC. ${OPTIONAL}`}
        />
        <FormField
          name={n('minTrades')}
          label="Minimum closed trades"
          inputMode="numeric"
          helperText={`Disqualified with fewer counted trades. ${OPTIONAL}`}
        />
        <FormField
          name={n('minTradingDays')}
          label="Minimum trading days"
          inputMode="numeric"
          helperText={`Days in UTC with a counted trade closed. ${OPTIONAL}`}
        />
        <FormField
          name={n('minHold')}
          label="Minimum holding time"
          inputMode="decimal"
          helperText={`Trades held for less are not counted. ${OPTIONAL}`}
        />
        <SelectField name={n('minHoldUnit')} label="Holding time unit" options={UNIT_OPTIONS} />
        <FormField
          name={n('maxCountedTrades')}
          label="Maximum counted trades"
          inputMode="numeric"
          helperText={`Only the first trades by open time count. ${OPTIONAL}`}
        />
        <FormField
          name={n('currency')}
          label="Account currency"
          maxLength={3}
          helperText="Three letters, such as USD. Empty: any currency."
        />
      </SimpleGrid>
      <FormField
        name={n('symbols')}
        label="Allowed symbols"
        helperText={
          `Comma separated, as the broker writes them (EURUSD, XAUUSD.m), at most ` +
          `${TRADING_LIMITS.symbols}. Empty: every symbol.`
        }
      />
      <ChoiceField
        name={n('deposits')}
        label="Deposits and withdrawals"
        options={DEPOSIT_OPTIONS}
      />
    </Stack>
  );
}
