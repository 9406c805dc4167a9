// A contest's submissions, a page at a time, as a table with its pager: the organiser's 'All
// submissions' and the member's 'My submissions' differ only in whose, the columns and the page
// size. While one still waits for its score the page is read again every 2 s (pendingPoll.ts).
import { Link, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import type { TSubmissionView } from '../../../shared/schemas/submissions';
import { trpc } from '../../lib/trpc';
import { Pager } from '../common/Pager';
import { ResponsiveTable, type ResponsiveColumn } from '../common/ResponsiveTable';
import { refetchWhilePending } from './pendingPoll';
import { anyPending, submissionFileUrl } from './submissionDisplay';

/** The 'File download' column; `fileLabel` says whose file it is to a screen reader. */
export function downloadColumn(
  fileLabel: (s: TSubmissionView) => string,
): ResponsiveColumn<TSubmissionView> {
  return {
    key: 'download',
    header: 'File download',
    cell: (s) => (
      <Link href={submissionFileUrl(s.id)} download color="purple.fg" variant="underline">
        Download
        <Text as="span" srOnly>
          {' '}
          {fileLabel(s)}
        </Text>
      </Link>
    ),
  };
}

export function SubmissionTable({
  query,
  pageSize,
  caption,
  columns,
  cardTitle,
  children,
}: {
  /** Whose: the contest's, or (mine) only the member's own. */
  query: { contestId: number; mine?: true };
  pageSize: number;
  caption: string;
  columns: ResponsiveColumn<TSubmissionView>[];
  cardTitle: (s: TSubmissionView) => string;
  /** Shown above the table (a refusal). */
  children?: ReactNode;
}) {
  const [page, setPage] = useState(1);
  const list = trpc.submissions.list.useQuery(
    { ...query, page, pageSize },
    {
      placeholderData: (previous) => previous,
      refetchInterval: refetchWhilePending((data) => anyPending(data?.items)),
    },
  );
  return (
    <Stack gap="2">
      {children}
      <ResponsiveTable
        caption={caption}
        columns={columns}
        rows={list.data?.items ?? []}
        rowKey={(s) => s.id}
        cardTitle={cardTitle}
        loading={list.isLoading}
        emptyText="No submissions yet."
      />
      {list.data && list.data.total > pageSize ? (
        <Pager page={page} pageSize={pageSize} total={list.data.total} onPage={setPage} />
      ) : null}
    </Stack>
  );
}
