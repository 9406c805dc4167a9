// Account Settings › Subscription: every verified plan purchase (issue 33), newest first, each
// with its printable receipt.
import { Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { formatDate } from '../../../shared/format';
import type { TBillingEntry } from '../../../shared/schemas/subscriptions';
import { ResponsiveTable, type ResponsiveColumn } from '../common/ResponsiveTable';
import { usdText } from '../payments/proofLabels';
import { TxHashLink } from '../payments/TxHashLink';
import { receiptHref } from './planLinks';
import { paidPlanText } from './planText';

function Amount({ entry }: { entry: TBillingEntry }) {
  return (
    <Stack gap="0">
      <Text as="span">{usdText(entry.amountUsd)}</Text>
      {entry.creditUsd ? (
        <Text as="span" fontSize="sm" color="fg.muted">
          after a credit of {usdText(entry.creditUsd)}
        </Text>
      ) : null}
      <Text as="span" fontSize="sm" color="fg.muted">
        {entry.amountCoin} {entry.network}
      </Text>
    </Stack>
  );
}

const columns: ResponsiveColumn<TBillingEntry>[] = [
  { key: 'date', header: 'Date', cell: (e) => formatDate(e.verifiedAt) },
  {
    key: 'plan',
    header: 'Plan',
    hideOnMobile: true,
    cell: (e) => paidPlanText(e.tier, e.periodDays),
  },
  { key: 'amount', header: 'Amount', cell: (e) => <Amount entry={e} /> },
  { key: 'network', header: 'Network', cell: (e) => e.network },
  {
    key: 'hash',
    header: 'Transaction Hash',
    cell: (e) => (
      <TxHashLink proof={{ network: e.network, txHash: e.txHash, explorerUrl: e.txUrl }} />
    ),
  },
  {
    key: 'receipt',
    header: 'Receipt',
    cell: (e) => (
      <ChakraLink asChild variant="underline" color="fg">
        <Link href={receiptHref(e.proofId)}>
          Receipt
          <Text as="span" srOnly>
            {' '}
            of {formatDate(e.verifiedAt)}
          </Text>
        </Link>
      </ChakraLink>
    ),
  },
];

export function BillingHistory({ history }: { history: readonly TBillingEntry[] }) {
  return (
    <ResponsiveTable
      caption="Billing history"
      columns={columns}
      rows={history}
      rowKey={(e) => e.proofId}
      cardTitle={(e) => paidPlanText(e.tier, e.periodDays)}
      emptyText="No plan bought yet."
    />
  );
}
