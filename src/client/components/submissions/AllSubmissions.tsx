// The organiser's table of every submission of the contest: the member, both scores, the status
// with a failure's reason, and the download. Asks again every 2 s while any waits for a score.
import { Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/format';
import type { TSubmissionView } from '../../../shared/schemas/submissions';
import { trpc } from '../../lib/trpc';
import { Pager } from '../common/Pager';
import { ResponsiveTable, type ResponsiveColumn } from '../common/ResponsiveTable';
import { StatusCell, anyPending, scoreCell, submissionFileUrl } from './submissionDisplay';
import { refetchWhilePending } from './pendingPoll';

const PAGE_SIZE = 50;

const COLUMNS: ResponsiveColumn<TSubmissionView>[] = [
  { key: 'member', header: 'Member', cell: (s) => s.username },
  { key: 'time', header: 'Time', cell: (s) => formatDateTime(s.createdAt) },
  { key: 'file', header: 'File', cell: (s) => s.fileName },
  { key: 'status', header: 'Status', cell: (s) => <StatusCell submission={s} /> },
  { key: 'public', header: 'Public score', cell: (s) => scoreCell(s.publicScore), align: 'end' },
  { key: 'private', header: 'Private score', cell: (s) => scoreCell(s.privateScore), align: 'end' },
  { key: 'selected', header: 'Selected', cell: (s) => (s.selected ? 'Yes' : 'No') },
  {
    key: 'download',
    header: 'File download',
    cell: (s) => (
      <Link href={submissionFileUrl(s.id)} download color="purple.fg" variant="underline">
        Download
        <Text as="span" srOnly>
          {' '}
          {s.username}'s {s.fileName}
        </Text>
      </Link>
    ),
  },
];

export function AllSubmissions({ contestId }: { contestId: number }) {
  const [page, setPage] = useState(1);
  const list = trpc.submissions.list.useQuery(
    { contestId, page, pageSize: PAGE_SIZE },
    {
      placeholderData: (previous) => previous,
      refetchInterval: refetchWhilePending((data) => anyPending(data?.items)),
    },
  );
  return (
    <Stack gap="2">
      <ResponsiveTable
        caption="All submissions"
        columns={COLUMNS}
        rows={list.data?.items ?? []}
        rowKey={(s) => s.id}
        cardTitle={(s) => `${s.username}: ${s.fileName}`}
        loading={list.isLoading}
        emptyText="No submissions yet."
      />
      {list.data && list.data.total > PAGE_SIZE ? (
        <Pager page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={setPage} />
      ) : null}
    </Stack>
  );
}
