// What a parsed statement says before it counts (issue 34): the account, the window it covers,
// the trades found and counted and why the others were not, the figures, the rules it breaks,
// the ownership check, the organiser's flags and its status.
import { DataList, List, Stack, Text } from '@chakra-ui/react';
import type { TStatementView } from '../../../shared/schemas/trading';
import { DataFact } from '../common/DataFact';
import { FiguresList } from './FiguresList';
import { NoticeList } from './NoticeList';
import { StatusBadge } from './StatusBadge';
import { EXCLUSION_LABELS, FORMAT_LABELS, OWNERSHIP_LABELS, statementTime } from './tradingDisplay';

function Excluded({ excluded }: { excluded: TStatementView['excluded'] }) {
  if (excluded.length === 0) return null;
  return (
    <List.Root ps="5" gap="1" fontSize="sm" aria-label="Trades not counted">
      {excluded.map((e) => (
        <List.Item key={e.reason}>
          {e.count} {EXCLUSION_LABELS[e.reason]}
          {e.tickets.length > 0 ? ` (first: ticket ${e.tickets[0]})` : null}
        </List.Item>
      ))}
    </List.Root>
  );
}

export function StatementSummary({ statement: s }: { statement: TStatementView }) {
  const { account, figures } = s;
  return (
    <Stack gap="3">
      <DataList.Root orientation="horizontal" size="sm" aria-label="Statement">
        <DataFact label="Status">
          <StatusBadge status={s.status} breaches={s.breaches.length} />
        </DataFact>
        {s.reason ? <DataFact label="Organiser's reason">{s.reason}</DataFact> : null}
        <DataFact label="File">
          {s.fileName} ({FORMAT_LABELS[s.format]})
        </DataFact>
        <DataFact label="Account number">{account.number}</DataFact>
        <DataFact label="Server">{account.server ?? 'Not named'}</DataFact>
        <DataFact label="Currency">{account.currency ?? 'Not named'}</DataFact>
        <DataFact label="Owner name">{account.name ?? 'Not named'}</DataFact>
        <DataFact label="Covers">
          {statementTime(s.covers.from)} to {statementTime(s.covers.to)}
        </DataFact>
        <DataFact label="Trades found">{figures.trades}</DataFact>
        <DataFact label="Trades counted">{figures.countedTrades}</DataFact>
        <DataFact label="Ownership">{OWNERSHIP_LABELS[s.ownership]}</DataFact>
      </DataList.Root>
      <Excluded excluded={s.excluded} />
      <FiguresList figures={figures} currency={account.currency} />
      <NoticeList title="Rules broken" items={s.breaches} tone="red" />
      <NoticeList title="Flagged for the organiser" items={s.flags} tone="orange" />
      {s.breaches.length === 0 && s.flags.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No rule broken, nothing flagged.
        </Text>
      ) : null}
    </Stack>
  );
}
