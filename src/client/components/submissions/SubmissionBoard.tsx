// The boards of a submission contest (issue 31 'Boards'): the public board during the contest
// (each entrant's best public score; the tie rule under it) and, once published, the private
// board that decides the final ranks, with each entrant's move from their public rank. The
// organiser sees the private board before publishing, labelled as theirs alone.
import { Heading, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '../../../shared/format';
import { scoreText, type Board, type TBoardEntry } from '../../../shared/schemas/submissions';
import { trpc } from '../../lib/trpc';
import { ResponsiveTable, type ResponsiveColumn } from '../common/ResponsiveTable';
import { shakeUpLabel, shakeUpText } from './shakeUp';

export const TIE_RULE = 'Ties go to the earlier submission.';

const BASE_COLUMNS: ResponsiveColumn<TBoardEntry>[] = [
  { key: 'rank', header: 'Rank', cell: (e) => e.rank },
  { key: 'name', header: 'Name', cell: (e) => e.name },
  { key: 'score', header: 'Score', cell: (e) => scoreText(e.score), align: 'end' },
  { key: 'entries', header: 'Entries', cell: (e) => e.entries, align: 'end' },
  { key: 'submitted', header: 'Submitted at', cell: (e) => formatDateTime(e.submittedAt) },
];

const SHAKE_UP: ResponsiveColumn<TBoardEntry> = {
  key: 'move',
  header: 'Move',
  cell: (e) => (
    <Text as="span" aria-label={shakeUpLabel(e.publicRank, e.rank)}>
      {shakeUpText(e.publicRank, e.rank)}
    </Text>
  ),
};

function OneBoard({
  contestId,
  board,
  title,
  note,
}: {
  contestId: number;
  board: Board;
  title: string;
  note: string;
}) {
  const query = trpc.submissions.board.useQuery({ contestId, board }, { refetchOnMount: 'always' });
  const headingId = `submission-board-${board}`;
  return (
    <Stack as="section" gap="2" aria-labelledby={headingId}>
      <Heading as="h3" size="sm" id={headingId}>
        {title}
      </Heading>
      {query.isError ? (
        <Text color="fg.muted" fontSize="sm">
          {query.error.message || 'The board could not be loaded.'}
        </Text>
      ) : (
        <ResponsiveTable
          caption={title}
          columns={board === 'private' ? [...BASE_COLUMNS, SHAKE_UP] : BASE_COLUMNS}
          rows={query.data?.entries ?? []}
          rowKey={(e) => e.participantId}
          cardTitle={(e) => `${e.rank}. ${e.name}`}
          loading={query.isLoading}
          emptyText="No scored submissions yet."
        />
      )}
      <Text fontSize="sm" color="fg.muted">
        {note}
      </Text>
    </Stack>
  );
}

export function SubmissionBoard({
  contestId,
  published,
  organiser,
}: {
  contestId: number;
  published: boolean;
  organiser: boolean;
}) {
  const showPrivate = published || organiser;
  return (
    <Stack gap="6">
      {showPrivate ? (
        <OneBoard
          contestId={contestId}
          board="private"
          title={
            published
              ? 'Private board (final)'
              : 'Private board (only organisers see this until you publish it)'
          }
          note={`Each entrant's selected submissions (or their best public ones) scored on the private part of the key; Move is the change from the public rank. ${TIE_RULE}`}
        />
      ) : null}
      <OneBoard
        contestId={contestId}
        board="public"
        title="Public board"
        note={`Each entrant's best score on the public part of the key. ${TIE_RULE}`}
      />
    </Stack>
  );
}
