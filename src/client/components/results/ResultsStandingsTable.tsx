// The final (or current) standings of a contest's Results (issue 30): place, name (DQ marked),
// score and prize; a team's row lists its members with each one's share of the prize.
import { List, Stack, Text } from '@chakra-ui/react';
import { formatPrize } from '../../../shared/prizes';
import type { TResultStanding } from '../../../shared/schemas/results';
import { DqName } from '../common/DqName';
import { ResponsiveTable, type ResponsiveColumn } from '../common/ResponsiveTable';

type Prize = TResultStanding['prize'];

const prizeText = (prize: Prize) => (prize ? formatPrize(prize.amount, prize.currency) : '-');

/** The name (DQ marked) and a team's members with their shares; `prefix`: the card's place. */
function NameCell({ row, prefix = '' }: { row: TResultStanding; prefix?: string }) {
  return (
    <Stack gap="1">
      <DqName row={row} prefix={prefix} />
      {row.members.length ? (
        <List.Root
          as="ul"
          listStyle="none"
          fontSize="sm"
          color="fg.muted"
          aria-label={`Members of ${row.name}`}
        >
          {row.members.map((m) => (
            <List.Item key={m.userId}>
              {m.name}
              {m.prize ? `: ${prizeText(m.prize)}` : ''}
            </List.Item>
          ))}
        </List.Root>
      ) : null}
    </Stack>
  );
}

const rowKey = (r: TResultStanding) =>
  r.teamId !== null ? `team-${r.teamId}` : `user-${r.userId ?? r.name}`;

const COLUMNS: ResponsiveColumn<TResultStanding>[] = [
  { key: 'place', header: 'Place', cell: (r) => r.placeText ?? '-', hideOnMobile: true },
  { key: 'name', header: 'Participant', cell: (r) => <NameCell row={r} />, hideOnMobile: true },
  {
    key: 'score',
    header: 'Score',
    align: 'end',
    cell: (r) => (
      <Text as="span" fontVariantNumeric="tabular-nums">
        {r.score ?? '-'}
      </Text>
    ),
  },
  { key: 'prize', header: 'Prize', align: 'end', cell: (r) => prizeText(r.prize) },
];

export function ResultsStandingsTable({
  standings,
  final,
}: {
  standings: TResultStanding[];
  /** Frozen or confirmed: the final standings; else the standings as they are now. */
  final: boolean;
}) {
  return (
    <ResponsiveTable
      caption={final ? 'Final standings' : 'Standings so far'}
      columns={COLUMNS}
      rows={standings}
      rowKey={rowKey}
      cardTitle={(r) => <NameCell row={r} prefix={r.placeText ? `${r.placeText}. ` : ''} />}
      emptyText="No standings yet."
    />
  );
}
