// The trader's uploads, newest first (issue 34): every one is kept, the latest counts.
import { Badge, Button, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/format';
import type { TStatementView } from '../../../shared/schemas/trading';
import { ResponsiveTable, type ResponsiveColumn } from '../common/ResponsiveTable';
import { StatementTradesDialog } from './StatementTradesDialog';
import { StatusBadge } from './StatusBadge';
import { FORMAT_LABELS, moneyText } from './tradingDisplay';

const COLUMNS: ResponsiveColumn<TStatementView>[] = [
  { key: 'uploaded', header: 'Uploaded', cell: (s) => formatDateTime(s.createdAt) },
  { key: 'file', header: 'File', cell: (s) => `${s.fileName} (${FORMAT_LABELS[s.format]})` },
  { key: 'account', header: 'Account', cell: (s) => s.account.number },
  {
    key: 'status',
    header: 'Status',
    cell: (s) => (
      <>
        <StatusBadge status={s.status} breaches={s.breaches.length} />{' '}
        {s.latest ? (
          <Badge variant="outline" colorPalette="purple">
            Counts
          </Badge>
        ) : null}
      </>
    ),
  },
  {
    key: 'trades',
    header: 'Trades counted',
    cell: (s) => `${s.figures.countedTrades} of ${s.figures.trades}`,
    align: 'end',
  },
  {
    key: 'net',
    header: 'Net profit',
    cell: (s) => moneyText(s.figures.netProfit, s.account.currency),
    align: 'end',
  },
];

export function MyStatements({ statements }: { statements: readonly TStatementView[] }) {
  const [open, setOpen] = useState<TStatementView | null>(null);
  return (
    <>
      <ResponsiveTable
        caption="My statements"
        columns={COLUMNS}
        rows={statements}
        rowKey={(s) => s.id}
        cardTitle={(s) => formatDateTime(s.createdAt)}
        rowActions={(s) => (
          <Button
            size="xs"
            variant="outline"
            onClick={() => setOpen(s)}
            aria-label={`Trades of the statement uploaded ${formatDateTime(s.createdAt)}`}
          >
            Trades
          </Button>
        )}
        emptyText={<Text as="span">No statement uploaded yet.</Text>}
      />
      <StatementTradesDialog statement={open} onClose={() => setOpen(null)} />
    </>
  );
}
