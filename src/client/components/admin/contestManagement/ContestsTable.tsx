// SPEC 2.17's contest table on the shared ResponsiveTable (cards on a phone): Approve and Reject
// on pending rows, and the row menu.
import { Badge, HStack, IconButton, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Star } from 'lucide-react';
import { Link } from 'wouter';
import { CATEGORY_LABELS } from '../../../../shared/contests';
import { formatDateTime } from '../../../../shared/format';
import type { TContest } from '../../../../shared/schemas/contests';
import { ResponsiveTable, type ResponsiveColumn } from '../../common/ResponsiveTable';
import { ContestStatusBadge } from '../../contests/ContestStatusBadge';
import { RowActionsMenu } from '../../common/RowActionsMenu';
import { moderationAnswers } from '../moderationLooks';

export type ContestAction =
  'edit' | 'participants' | 'feature' | 'unfeature' | 'complete' | 'approve' | 'reject';

interface Props {
  contests: TContest[];
  isLoading: boolean;
  emptyText: string;
  onAction: (action: ContestAction, contest: TContest) => void;
  busyId?: number;
}

export function creatorLabel(contest: Pick<TContest, 'creatorName' | 'createdBy'>): string {
  return contest.creatorName ?? `User #${contest.createdBy}`;
}

function ContestName({ contest }: { contest: TContest }) {
  return (
    <ChakraLink asChild fontWeight="medium" color="fg" variant="underline">
      <Link href={`/contests/${contest.id}`}>{contest.title || 'Untitled Contest'}</Link>
    </ChakraLink>
  );
}

function RowMenu({ contest, onAction }: { contest: TContest; onAction: Props['onAction'] }) {
  const item = (action: ContestAction, label: string, danger = false) => ({
    value: action,
    label,
    danger,
    onSelect: () => onAction(action, contest),
  });
  return (
    <RowActionsMenu
      rowLabel={contest.title}
      actions={[
        item('edit', 'Edit'),
        item('participants', 'View Participants'),
        contest.featured
          ? item('unfeature', 'Remove from Featured')
          : item('feature', 'Mark as Featured'),
        contest.status === 'active' && item('complete', 'Mark as Completed'),
        contest.status === 'pending' && item('approve', 'Approve'),
        contest.status === 'pending' && item('reject', 'Reject', true),
      ]}
    />
  );
}

/** A pending contest's two answers, as icon buttons on its row. */
const MODERATION = moderationAnswers('approve', 'Approve');

function Actions({
  contest,
  onAction,
  busyId,
}: Omit<Props, 'contests' | 'isLoading' | 'emptyText'> & { contest: TContest }) {
  const busy = busyId === contest.id;
  return (
    <HStack gap="1" justify="flex-end">
      {contest.status === 'pending' ? (
        <>
          {MODERATION.map(({ action, label, colorPalette, Icon }) => (
            <IconButton
              key={action}
              aria-label={`${label} ${contest.title}`}
              size="sm"
              variant="ghost"
              colorPalette={colorPalette}
              disabled={busy}
              onClick={() => onAction(action, contest)}
            >
              <Icon />
            </IconButton>
          ))}
        </>
      ) : null}
      <RowMenu contest={contest} onAction={onAction} />
    </HStack>
  );
}

export function ContestsTable({ contests, isLoading, emptyText, onAction, busyId }: Props) {
  const columns: ResponsiveColumn<TContest>[] = [
    {
      key: 'title',
      header: 'Contest Name',
      hideOnMobile: true,
      cell: (c) => <ContestName contest={c} />,
    },
    { key: 'creator', header: 'Created By', cell: creatorLabel },
    { key: 'type', header: 'Type', cell: (c) => CATEGORY_LABELS[c.type] },
    { key: 'start', header: 'Start Date', cell: (c) => formatDateTime(c.startDate) || '—' },
    { key: 'end', header: 'End Date', cell: (c) => formatDateTime(c.endDate) || '—' },
    { key: 'status', header: 'Status', cell: (c) => <ContestStatusBadge status={c.status} /> },
    {
      key: 'featured',
      header: 'Featured',
      cell: (c) =>
        c.featured ? (
          <Badge colorPalette="purple" variant="subtle">
            <Star size={12} aria-hidden /> Featured
          </Badge>
        ) : (
          <Text as="span" color="fg.muted">
            No
          </Text>
        ),
    },
  ];
  return (
    <ResponsiveTable
      caption="Contests"
      columns={columns}
      rows={contests}
      rowKey={(c) => c.id}
      cardTitle={(c) => <ContestName contest={c} />}
      rowActions={(c) => <Actions contest={c} onAction={onAction} busyId={busyId} />}
      loading={isLoading}
      loadingText="Loading contests..."
      emptyText={emptyText}
    />
  );
}
