// The contest page's 'Score history' for the contest's creator, moderators and admins (PRODUCT.md:
// scores decide prizes, so every change is kept): who changed whose score, from what to what,
// when and how (form, CSV or REST), newest first, paged. Entering scores refreshes it.
import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/format';
import { SCORE_SOURCE_LABELS, formatScore } from '../../../shared/leaderboard';
import type { TContest } from '../../../shared/schemas/contests';
import type { TScoreHistoryEntry } from '../../../shared/schemas/leaderboard';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { Pager } from '../common/Pager';
import { ResponsiveTable, type ResponsiveColumn } from '../common/ResponsiveTable';

const PAGE_SIZE = 10;

function columns(decimals: number): ResponsiveColumn<TScoreHistoryEntry>[] {
  const score = (value: number | null) => (value === null ? '-' : formatScore(value, decimals));
  // Four columns, so the table fits the page's main column without scrolling sideways.
  return [
    { key: 'when', header: 'When', cell: (h) => formatDateTime(h.createdAt) },
    { key: 'member', header: 'Member', hideOnMobile: true, cell: (h) => h.username },
    {
      key: 'score',
      header: 'New score',
      align: 'end',
      cell: (h) => (
        <Stack gap="0">
          <Text fontWeight="medium">{score(h.newScore)}</Text>
          <Text fontSize="xs" color="fg.muted">
            was {score(h.oldScore)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'by',
      header: 'Changed by',
      cell: (h) => (
        <Stack gap="0">
          <Text>{h.changedByName}</Text>
          <Text fontSize="xs" color="fg.muted">
            {SCORE_SOURCE_LABELS[h.source]}
          </Text>
        </Stack>
      ),
    },
  ];
}

export function ScoreHistory({ contest }: { contest: Pick<TContest, 'id' | 'scoreDecimals'> }) {
  const [page, setPage] = useState(1);
  const history = trpc.leaderboard.scoreHistory.useQuery(
    { contestId: contest.id, page, pageSize: PAGE_SIZE },
    { placeholderData: (previous) => previous },
  );
  const total = history.data?.total ?? 0;
  return (
    <Card.Root as="section" aria-labelledby="score-history-heading">
      <Card.Header>
        <Heading as="h2" size="md" id="score-history-heading">
          Score history
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Every score change, newest first. Only the creator and moderators see this.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          {history.error ? (
            <Text color="fg.muted">
              {errorMessage(history.error, 'The score history could not be loaded.')}
            </Text>
          ) : (
            <ResponsiveTable
              caption="Score changes, newest first"
              columns={columns(history.data?.scoreDecimals ?? contest.scoreDecimals)}
              rows={history.data?.items ?? []}
              rowKey={(h) => h.id}
              cardTitle={(h) => h.username}
              loading={history.isLoading}
              loadingText="Loading the score history..."
              emptyText="No score has been entered yet."
            />
          )}
          {total > PAGE_SIZE ? (
            <Pager page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} />
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
