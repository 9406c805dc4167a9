// The organiser's review of a trading contest's statements (issue 34): each entrant's latest
// upload with its status, ownership and flags, the trades behind it, and the decisions (approve,
// reject, disqualify). Earlier uploads do not count, so they are not listed.
import { Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { TStatementView } from '../../../shared/schemas/trading';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ResponsiveTable, type ResponsiveColumn } from '../common/ResponsiveTable';
import { RowActionsMenu } from '../common/RowActionsMenu';
import { TitledCard } from '../common/TitledCard';
import { ReviewStatementDialog, type ReviewTarget } from './ReviewStatementDialog';
import { StatementTradesDialog } from './StatementTradesDialog';
import { StatusBadge } from './StatusBadge';
import { OWNERSHIP_SHORT, noticeText } from './tradingDisplay';

/** The list's one page: the server's largest (an Open contest's traders fit). */
const PAGE_SIZE = 100;

function Notes({ s }: { s: TStatementView }) {
  const notes = [...s.breaches, ...s.flags];
  if (notes.length === 0) return <Text as="span">None</Text>;
  return (
    <Stack gap="1" fontSize="sm">
      {notes.map((n, i) => (
        <Text key={i}>{noticeText(n.message, n.tickets)}</Text>
      ))}
    </Stack>
  );
}

const COLUMNS: ResponsiveColumn<TStatementView>[] = [
  { key: 'entrant', header: 'Trader', cell: (s) => s.entrantName, hideOnMobile: true },
  { key: 'account', header: 'Account', cell: (s) => s.account.number },
  {
    key: 'status',
    header: 'Status',
    cell: (s) => <StatusBadge status={s.status} breaches={s.breaches.length} />,
  },
  { key: 'ownership', header: 'Ownership', cell: (s) => OWNERSHIP_SHORT[s.ownership] },
  {
    key: 'trades',
    header: 'Trades counted',
    cell: (s) => `${s.figures.countedTrades} of ${s.figures.trades}`,
    align: 'end',
  },
  { key: 'notes', header: 'Breaches and flags', cell: (s) => <Notes s={s} /> },
];

export function StatementReviewList({ contestId }: { contestId: number }) {
  const list = trpc.trading.statements.useQuery({ contestId, pageSize: PAGE_SIZE });
  const [review, setReview] = useState<ReviewTarget | null>(null);
  const [trades, setTrades] = useState<TStatementView | null>(null);
  const latest = (list.data?.items ?? []).filter((s) => s.latest);
  return (
    <TitledCard title="Statements review" headingId="statements-review-heading" as="section">
      {list.isError ? (
        <Text color="fg.muted">
          {errorMessage(list.error, 'The statements could not be loaded.')}
        </Text>
      ) : (
        <ResponsiveTable
          caption="Each trader's latest statement"
          columns={COLUMNS}
          rows={latest}
          rowKey={(s) => s.id}
          cardTitle={(s) => s.entrantName}
          loading={list.isLoading}
          emptyText="No statement uploaded yet."
          rowActions={(s) => (
            <RowActionsMenu
              rowLabel={`${s.entrantName}'s statement`}
              actions={[
                { value: 'trades', label: 'View trades', onSelect: () => setTrades(s) },
                s.status !== 'approved' && s.status !== 'counted'
                  ? {
                      value: 'approve',
                      label: 'Approve',
                      onSelect: () => setReview({ statement: s, decision: 'approved' }),
                    }
                  : null,
                s.status !== 'rejected'
                  ? {
                      value: 'reject',
                      label: 'Reject',
                      danger: true,
                      onSelect: () => setReview({ statement: s, decision: 'rejected' }),
                    }
                  : null,
                s.status !== 'disqualified'
                  ? {
                      value: 'disqualify',
                      label: 'Disqualify',
                      danger: true,
                      onSelect: () => setReview({ statement: s, decision: 'disqualified' }),
                    }
                  : null,
              ]}
            />
          )}
        />
      )}
      <ReviewStatementDialog target={review} onClose={() => setReview(null)} />
      <StatementTradesDialog statement={trades} onClose={() => setTrades(null)} />
    </TitledCard>
  );
}
