// The contest page's 'Prizes' (issue 30), for a contest with a prize table (its prizeSummary
// says so, so a contest without one asks nothing): the summary ('Prize pool: 1,750 USDT, top 3'),
// what a pool comes to now, and each place or range with its prize, read from prizes.get.
import { List, Stack, Text } from '@chakra-ui/react';
import { formatPrize } from '../../../../shared/prizes';
import type { TContest } from '../../../../shared/schemas/contests';
import { trpc } from '../../../lib/trpc';
import { TitledCard } from '../../common/TitledCard';
import { prizeLines, tableValues } from './prizeTableValues';

export function PrizesSection({ contest }: { contest: TContest }) {
  const query = trpc.prizes.get.useQuery(
    { contestId: contest.id },
    { enabled: Boolean(contest.prizeSummary) },
  );
  if (!contest.prizeSummary) return null;
  const prizes = query.data;
  const table = tableValues(prizes?.table);
  const pool = table?.kind === 'pool';
  return (
    <TitledCard title="Prizes" headingId="contest-prizes-heading" as="section" tightHeader>
      <Stack gap="3">
        <Text fontWeight="medium">{prizes?.summary ?? contest.prizeSummary}</Text>
        {pool && prizes?.totals.length ? (
          <Text color="fg.muted" fontSize="sm">
            The pool now: {prizes.totals.map((t) => formatPrize(t.amount, t.currency)).join(', ')}
          </Text>
        ) : null}
        {query.isError ? (
          <Text color="fg.muted" fontSize="sm">
            The prizes per place could not be loaded. Try again later.
          </Text>
        ) : null}
        {table ? (
          <List.Root as="ul" listStyle="none" gap="1" aria-label="Prizes by place">
            {prizeLines(table).map((line) => (
              <List.Item key={line.places}>
                <Text as="span" fontWeight="medium">
                  {line.places}
                </Text>
                : {pool ? `${line.prize} of the pool` : line.prize}
              </List.Item>
            ))}
          </List.Root>
        ) : null}
      </Stack>
    </TitledCard>
  );
}
