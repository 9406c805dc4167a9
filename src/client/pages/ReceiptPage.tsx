// /receipts/:proofId (issue 33): the printable receipt of one verified plan purchase of the
// member's own; anyone else's (or no such payment) is 'Receipt Not Found'.
import { Box, Button, Center, DataList, Spinner, Stack } from '@chakra-ui/react';
import { Printer } from 'lucide-react';
import { useParams } from 'wouter';
import { formatDate, formatDateTime } from '../../shared/format';
import type { TReceipt } from '../../shared/schemas/subscriptions';
import { BackLink } from '../components/common/LinkButton';
import { DataFact } from '../components/common/DataFact';
import { NotFoundNotice } from '../components/common/NotFoundNotice';
import { TitledCard } from '../components/common/TitledCard';
import { PageHeader } from '../components/layout/PageHeader';
import { usdText } from '../components/payments/proofLabels';
import { TxHashLink } from '../components/payments/TxHashLink';
import { paidPlanText } from '../components/subscriptions/planText';
import { trpc } from '../lib/trpc';
import { useLoadErrorToast } from '../lib/useLoadErrorToast';

function ReceiptView({ receipt }: { receipt: TReceipt }) {
  return (
    <>
      <PageHeader
        title={`Receipt #${receipt.proofId}`}
        subtitle={`${receipt.platformName}: ${paidPlanText(receipt.tier, receipt.periodDays)}`}
        actions={
          // Printing is the browser's: the page is laid out to print as it shows.
          <Button variant="outline" onClick={() => window.print()} _print={{ display: 'none' }}>
            <Printer size={16} aria-hidden /> Print
          </Button>
        }
      />
      <TitledCard title="Payment" headingId="receipt-heading" as="section" tightHeader>
        <DataList.Root orientation="horizontal" size="sm">
          <DataFact label="Member">
            {receipt.username} ({receipt.email})
          </DataFact>
          <DataFact label="Plan">{paidPlanText(receipt.tier, receipt.periodDays)}</DataFact>
          <DataFact label="Sent">{formatDateTime(receipt.submittedAt)}</DataFact>
          <DataFact label="Verified">{formatDate(receipt.verifiedAt)}</DataFact>
          {receipt.creditUsd ? (
            <DataFact label="Credit">{usdText(receipt.creditUsd)}</DataFact>
          ) : null}
          <DataFact label="Amount">{usdText(receipt.amountUsd)} USD</DataFact>
          <DataFact label="Paid">
            {receipt.amountCoin} {receipt.network}
          </DataFact>
          <DataFact label="From">{receipt.senderAddress}</DataFact>
          <DataFact label="To">{receipt.walletAddress}</DataFact>
          <DataFact label="Transaction">
            <TxHashLink
              proof={{
                network: receipt.network,
                txHash: receipt.txHash,
                explorerUrl: receipt.txUrl,
              }}
              head={64}
            />
          </DataFact>
        </DataList.Root>
      </TitledCard>
    </>
  );
}

export function ReceiptPage() {
  const { proofId = '' } = useParams<{ proofId: string }>();
  const id = /^[1-9][0-9]{0,9}$/.test(proofId) ? Number(proofId) : NaN;
  const valid = Number.isSafeInteger(id) && id <= 2_147_483_647;
  const query = trpc.subscriptions.receipt.useQuery({ proofId: id }, { enabled: valid });
  const notFound = !valid || query.error?.data?.code === 'NOT_FOUND';
  useLoadErrorToast(notFound ? null : query.error, 'Error', 'Failed to load the receipt');
  return (
    <Box>
      <BackLink href="/settings?tab=subscription" mb="4" _print={{ display: 'none' }}>
        Back to Subscription
      </BackLink>
      {notFound ? (
        <NotFoundNotice
          title="Receipt Not Found"
          message="There is no verified plan payment of yours with that number."
        />
      ) : query.isLoading ? (
        <Center py="16">
          <Spinner size="lg" aria-label="Loading receipt" />
        </Center>
      ) : query.data ? (
        <Stack gap="6">
          <ReceiptView receipt={query.data} />
        </Stack>
      ) : (
        <PageHeader title="Receipt" subtitle="The receipt could not be loaded. Try again later." />
      )}
    </Box>
  );
}
