// The contest page's 'Results' (issue 30), once the contest has ended or its results were frozen:
// their status, what still blocks a freeze, the standings with each place's prize and what
// rounding left unpaid, the member's own prize and certificate, and the organiser's buttons.
import { Badge, HStack, List, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '../../../shared/format';
import { contestPhase } from '../../../shared/lifecycle';
import { formatPrize } from '../../../shared/prizes';
import type { TContest } from '../../../shared/schemas/contests';
import {
  RESULT_STATUS_LABELS,
  type ResultStatus,
  type TResults,
} from '../../../shared/schemas/results';
import { trpc } from '../../lib/trpc';
import { TitledCard } from '../common/TitledCard';
import { ForfeitedPrizes } from './ForfeitedPrizes';
import { MyPrize } from './MyPrize';
import { ResultsActions } from './ResultsActions';
import { ResultsStandingsTable } from './ResultsStandingsTable';

const STATUS_COLORS: Record<ResultStatus, string> = {
  open: 'gray',
  frozen: 'orange',
  confirmed: 'green',
};

/** When and by whom: 'Frozen 28 Nov 2026, 18:00', 'Confirmed ... by alice'. */
function StatusLine({ results }: { results: TResults }) {
  const when =
    results.status === 'confirmed' && results.confirmedAt
      ? `Confirmed ${formatDateTime(results.confirmedAt)}${
          results.confirmedBy ? ` by ${results.confirmedBy}` : ''
        }`
      : results.status === 'frozen' && results.frozenAt
        ? `Frozen ${formatDateTime(results.frozenAt)}`
        : null;
  return (
    <Stack gap="1">
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette={STATUS_COLORS[results.status]} variant="subtle">
          {RESULT_STATUS_LABELS[results.status]}
        </Badge>
        {when ? (
          <Text fontSize="sm" color="fg.muted">
            {when}
          </Text>
        ) : null}
      </HStack>
      {results.status === 'open' && results.reopenReason ? (
        <Text fontSize="sm">Reopened: {results.reopenReason}</Text>
      ) : null}
    </Stack>
  );
}

function Blockers({ results }: { results: TResults }) {
  if (results.status !== 'open' || results.blockers.length === 0) return null;
  return (
    <Stack gap="1" role="region" aria-label="What blocks the results">
      <Text fontWeight="medium">The standings cannot be frozen yet:</Text>
      <List.Root ps="5" gap="1">
        {results.blockers.map((b, i) => (
          <List.Item key={`${b.kind}-${b.matchId ?? i}`}>{b.message}</List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}

function Remainder({ results }: { results: TResults }) {
  if (results.remainder.length === 0) return null;
  const amounts = results.remainder.map((r) => formatPrize(r.amount, r.currency)).join(', ');
  return (
    <Text fontSize="sm" color="fg.muted">
      Left unpaid by rounding shared prizes down: {amounts}.
    </Text>
  );
}

export function ResultsSection({ contest, userId }: { contest: TContest; userId: number }) {
  const published = contest.status === 'active' || contest.status === 'completed';
  const ended = contestPhase(contest) === 'completed';
  // Read again on every visit (open standings follow the board); live changes mark it stale too.
  const query = trpc.results.get.useQuery(
    { contestId: contest.id },
    { enabled: published, refetchOnMount: 'always' },
  );
  const results = query.data;
  // Shown once the contest has ended, or earlier when its results were frozen already.
  if (!published || (!ended && (!results || results.status === 'open'))) return null;
  return (
    <TitledCard title="Results" headingId="contest-results-heading" as="section" tightHeader>
      <Stack gap="4">
        {query.isError ? (
          <Text color="fg.muted" fontSize="sm">
            The results could not be loaded. Try again later.
          </Text>
        ) : null}
        {results ? (
          <>
            <StatusLine results={results} />
            <ResultsActions results={results} />
            <Blockers results={results} />
            <MyPrize contest={contest} userId={userId} />
            <ResultsStandingsTable
              standings={results.standings}
              final={results.status !== 'open'}
            />
            <Remainder results={results} />
            <ForfeitedPrizes results={results} />
          </>
        ) : null}
      </Stack>
    </TitledCard>
  );
}
