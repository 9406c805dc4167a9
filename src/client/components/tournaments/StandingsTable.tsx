// A league's table, each group's table, or the Swiss table: played, won, drawn, lost, for,
// against, difference, points (and Buchholz in Swiss), with the tie-breakers stated under it.
// The app's one responsive table: a table on wide screens, a card per row on a phone.
import { Stack, Text } from '@chakra-ui/react';
import type { TStandings, TStandingsRow } from '../../../shared/schemas/tournaments';
import { ResponsiveTable, type ResponsiveColumn } from '../common/ResponsiveTable';
import { DqName } from '../common/DqName';

const num = (pick: (row: TStandingsRow) => number) => (row: TStandingsRow) => (
  <Text as="span" fontVariantNumeric="tabular-nums">
    {pick(row)}
  </Text>
);

function columnsFor(swiss: boolean): ResponsiveColumn<TStandingsRow>[] {
  const columns: ResponsiveColumn<TStandingsRow>[] = [
    { key: 'rank', header: 'Rank', cell: num((r) => r.rank), hideOnMobile: true },
    { key: 'name', header: 'Participant', cell: (r) => <DqName row={r} />, hideOnMobile: true },
    { key: 'played', header: 'Played', cell: num((r) => r.played), align: 'end' },
    { key: 'won', header: 'Won', cell: num((r) => r.won), align: 'end' },
    { key: 'drawn', header: 'Drawn', cell: num((r) => r.drawn), align: 'end' },
    { key: 'lost', header: 'Lost', cell: num((r) => r.lost), align: 'end' },
    { key: 'for', header: 'For', cell: num((r) => r.for), align: 'end' },
    { key: 'against', header: 'Against', cell: num((r) => r.against), align: 'end' },
    {
      key: 'difference',
      header: 'Difference',
      cell: num((r) => r.difference),
      align: 'end',
    },
    { key: 'points', header: 'Points', cell: num((r) => r.points), align: 'end' },
  ];
  if (swiss) {
    columns.push({
      key: 'buchholz',
      header: 'Buchholz',
      cell: num((r) => r.buchholz ?? 0),
      align: 'end',
    });
  }
  return columns;
}

/** 'Ties are broken by points, then head-to-head, then difference, then for.' */
export function tieBreakerSentence(tieBreakers: readonly string[]): string {
  if (tieBreakers.length === 0) return '';
  return `Ties are broken by ${tieBreakers.join(', then ')}.`;
}

export function StandingsTable({ standings }: { standings: TStandings }) {
  const swiss = standings.groups.some((g) => g.rows.some((r) => r.buchholz !== null));
  const columns = columnsFor(swiss);
  const several = standings.groups.length > 1;
  return (
    <Stack gap="5">
      {standings.groups.map((group) => (
        <Stack key={group.name} gap="2">
          {several ? (
            <Text as="h3" fontWeight="semibold">
              {group.name}
            </Text>
          ) : null}
          <ResponsiveTable
            caption={several ? `Standings, ${group.name}` : 'Standings'}
            columns={columns}
            rows={group.rows}
            rowKey={(r) => r.participantId}
            cardTitle={(r) => <DqName row={r} prefix={`${r.rank}. `} />}
            emptyText="No results yet."
          />
        </Stack>
      ))}
      {standings.tieBreakers.length ? (
        <Text fontSize="sm" color="fg.muted">
          {tieBreakerSentence(standings.tieBreakers)}
        </Text>
      ) : null}
    </Stack>
  );
}
