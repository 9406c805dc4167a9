// /admin/reports, 'Reports' (issue 32): the moderators' queue of reported discussion posts, one
// row per post (its words through the one safe renderer, its author, where it is, its reports
// with their reasons and reporters), Open | Resolved, paged; Review hides, restores, deletes or
// dismisses (ReviewReportDialog). Moderators and admins.
import { Badge, Box, Button, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link } from 'wouter';
import {
  REPORT_QUEUES,
  REPORT_REASON_LABELS,
  type DiscussionReportStatus,
  type ReportQueue,
} from '../../../shared/discussion';
import { formatDateTime } from '../../../shared/format';
import type { TReportedPost } from '../../../shared/schemas/reports';
import { ReviewReportDialog } from '../../components/admin/reports/ReviewReportDialog';
import { ListTabs } from '../../components/common/ListTabs';
import { Markdown } from '../../components/common/Markdown';
import { Pager } from '../../components/common/Pager';
import { ResponsiveTable, type ResponsiveColumn } from '../../components/common/ResponsiveTable';
import { PageHeader } from '../../components/layout/PageHeader';
import { trpc } from '../../lib/trpc';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { useTabParam } from '../../lib/useTabParam';

const PAGE_SIZE = 20;
const QUEUE_LABELS: Record<ReportQueue, string> = { open: 'Open', resolved: 'Resolved' };
const RESOLVED_AS: Record<DiscussionReportStatus, string> = {
  open: 'Open',
  hidden: 'Hidden',
  restored: 'Restored',
  deleted: 'Deleted',
  dismissed: 'Dismissed',
};

const postLink = (r: TReportedPost) =>
  `/contests/${encodeURIComponent(r.contest.slug)}?tab=discussion&topic=${r.topic.id}&post=${r.postId}`;

function PostState({ row }: { row: TReportedPost }) {
  const state = row.deleted ? 'Deleted' : row.hidden ? 'Hidden' : 'Visible';
  return (
    <Stack gap="1" align="flex-start">
      <Badge colorPalette={row.deleted ? 'red' : row.hidden ? 'orange' : 'gray'}>{state}</Badge>
      {row.resolution ? (
        <Text fontSize="xs" color="fg.muted">
          {RESOLVED_AS[row.resolution.status]} by {row.resolution.by?.username ?? 'a moderator'}
          {row.resolution.at ? `, ${formatDateTime(row.resolution.at)}` : ''}
          {row.resolution.reason ? `: “${row.resolution.reason}”` : ''}
        </Text>
      ) : null}
    </Stack>
  );
}

function Reports({ row }: { row: TReportedPost }) {
  return (
    <Stack gap="1">
      <Text fontWeight="semibold">
        {row.reportCount} {row.reportCount === 1 ? 'report' : 'reports'}:{' '}
        {row.reasons.map((r) => `${REPORT_REASON_LABELS[r.reason]} ${r.count}`).join(', ')}
      </Text>
      <Stack as="ul" gap="0" listStyleType="none" fontSize="sm">
        {row.reports.map((report) => (
          <li key={report.id}>
            {report.reporter?.username ?? 'A deleted account'} (
            {REPORT_REASON_LABELS[report.reason]}){report.text ? `: “${report.text}”` : ''}
          </li>
        ))}
      </Stack>
      <Text fontSize="xs" color="fg.muted">
        Latest {formatDateTime(row.latestReportAt)}
      </Text>
    </Stack>
  );
}

const columns: ResponsiveColumn<TReportedPost>[] = [
  {
    key: 'post',
    header: 'Post',
    cell: (r) => (
      <Box maxW="md" maxH="32" overflowY="auto" fontSize="sm">
        <Markdown>{r.body}</Markdown>
      </Box>
    ),
  },
  { key: 'author', header: 'Author', cell: (r) => r.author?.username ?? 'A deleted account' },
  {
    key: 'where',
    header: 'Where',
    cell: (r) => (
      <Stack gap="0">
        <ChakraLink asChild color="purple.fg" variant="underline">
          <Link href={postLink(r)}>{r.topic.title}</Link>
        </ChakraLink>
        <Text fontSize="xs" color="fg.muted">
          {r.contest.title}
        </Text>
      </Stack>
    ),
  },
  { key: 'reports', header: 'Reports', cell: (r) => <Reports row={r} /> },
  { key: 'state', header: 'State', cell: (r) => <PostState row={r} /> },
];

function ReportsTable({ status }: { status: ReportQueue }) {
  const [page, setPage] = useState(1);
  const list = trpc.reports.list.useQuery(
    { status, page, pageSize: PAGE_SIZE },
    { placeholderData: (previous) => previous, staleTime: 0, refetchOnMount: 'always' },
  );
  useLoadErrorToast(list.error, 'Error', 'Failed to load the reports');
  const [reviewing, setReviewing] = useState<TReportedPost | null>(null);
  return (
    <Stack gap="2">
      <ResponsiveTable
        caption={status === 'open' ? 'Open reports' : 'Resolved reports'}
        columns={columns}
        rows={list.data?.items ?? []}
        rowKey={(r) => r.postId}
        cardTitle={(r) => `${r.author?.username ?? 'A deleted account'} in “${r.topic.title}”`}
        loading={list.isLoading}
        loadingText="Loading reports..."
        emptyText={status === 'open' ? 'There are no open reports.' : 'No reports resolved yet.'}
        rowActions={
          status === 'open'
            ? (r) => (
                <HStack justify="flex-end">
                  <Button
                    size="xs"
                    colorPalette="purple"
                    aria-label={`Review the post by ${r.author?.username ?? 'a deleted account'} in ${r.topic.title}`}
                    onClick={() => setReviewing(r)}
                  >
                    Review
                  </Button>
                </HStack>
              )
            : undefined
        }
      />
      {list.data && list.data.total > PAGE_SIZE ? (
        <Pager page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={setPage} />
      ) : null}
      <ReviewReportDialog row={reviewing} onClose={() => setReviewing(null)} />
    </Stack>
  );
}

export function ReportsPage() {
  const [tab, setTab] = useTabParam(REPORT_QUEUES, 'open');
  return (
    <>
      <PageHeader
        title="Reports"
        subtitle="Discussion posts members reported: hide, restore or delete each, or dismiss its reports"
      />
      <ListTabs tabs={REPORT_QUEUES} labels={QUEUE_LABELS} value={tab} onChange={setTab}>
        {(status) => <ReportsTable status={status} />}
      </ListTabs>
    </>
  );
}
