// One statement's parsed trades, paged (issue 34): each counted, or why not. The trader reads
// their own; the organiser looks up the tickets a breach or a flag names.
import { Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { TStatementTrade } from '../../../shared/schemas/tradingStatements';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { AppDialog } from '../common/AppDialog';
import { Pager } from '../common/Pager';
import { ResponsiveTable, type ResponsiveColumn } from '../common/ResponsiveTable';
import { EXCLUSION_LABELS, statementTime } from './tradingDisplay';

const PAGE_SIZE = 50;

const COLUMNS: ResponsiveColumn<TStatementTrade>[] = [
  { key: 'ticket', header: 'Ticket', cell: (t) => t.ticket, hideOnMobile: true },
  { key: 'symbol', header: 'Symbol', cell: (t) => t.symbol },
  { key: 'side', header: 'Side', cell: (t) => (t.side === 'buy' ? 'Buy' : 'Sell') },
  { key: 'volume', header: 'Volume', cell: (t) => t.volume, align: 'end' },
  { key: 'open', header: 'Opened', cell: (t) => statementTime(t.openTime) },
  { key: 'close', header: 'Closed', cell: (t) => statementTime(t.closeTime) },
  { key: 'profit', header: 'Profit', cell: (t) => t.profit, align: 'end' },
  {
    key: 'counted',
    header: 'Counted',
    cell: (t) => (t.counted ? 'Yes' : `No: ${t.excluded ? EXCLUSION_LABELS[t.excluded] : ''}`),
  },
];

function Trades({ statementId }: { statementId: number }) {
  const [page, setPage] = useState(1);
  const query = trpc.trading.statement.useQuery(
    { statementId, page, pageSize: PAGE_SIZE },
    { placeholderData: (previous) => previous },
  );
  if (query.isError) {
    return (
      <Text color="fg.muted">{errorMessage(query.error, 'The trades could not be loaded.')}</Text>
    );
  }
  const trades = query.data?.trades;
  return (
    <Stack gap="2">
      <ResponsiveTable
        caption="Trades in the statement"
        columns={COLUMNS}
        rows={trades?.items ?? []}
        rowKey={(t) => t.ticket}
        cardTitle={(t) => `Ticket ${t.ticket}`}
        loading={query.isLoading}
        emptyText="The statement holds no closed trades."
      />
      {trades && trades.total > PAGE_SIZE ? (
        <Pager page={page} pageSize={PAGE_SIZE} total={trades.total} onPage={setPage} />
      ) : null}
    </Stack>
  );
}

export function StatementTradesDialog({
  statement,
  onClose,
}: {
  statement: { id: number; entrantName: string } | null;
  onClose: () => void;
}) {
  return (
    <AppDialog
      open={statement !== null}
      onClose={onClose}
      title={statement ? `Trades of ${statement.entrantName}'s statement` : 'Trades'}
      size="xl"
    >
      {statement ? <Trades statementId={statement.id} /> : null}
    </AppDialog>
  );
}
