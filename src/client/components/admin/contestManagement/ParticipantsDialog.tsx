// 'View Participants' (SPEC 2.17, made to work): who joined a contest, ranked, paged.
import type { TContest, TContestParticipant } from '../../../../shared/schemas/contests';
import { formatDate } from '../../../../shared/format';
import { pointsText } from '../../../../shared/leaderboard';
import { trpc } from '../../../lib/trpc';
import { AppDialog } from '../../common/AppDialog';
import { ListFrame } from '../../common/ListFrame';
import { ResponsiveTable, type ResponsiveColumn } from '../../common/ResponsiveTable';
import { participantsText } from '../../contests/contestDisplay';
import { useLoadErrorToast } from '../../../lib/useLoadErrorToast';
import { usePage } from '../../../lib/usePagedSearch';

const PAGE_SIZE = 10;

function columns(decimals: number): ResponsiveColumn<TContestParticipant>[] {
  return [
    { key: 'rank', header: 'Rank', cell: (p) => (p.rank ? `#${p.rank}` : '—') },
    { key: 'username', header: 'Username', hideOnMobile: true, cell: (p) => p.username },
    { key: 'score', header: 'Score', cell: (p) => pointsText(p.score, decimals) },
    { key: 'joined', header: 'Joined', cell: (p) => formatDate(p.joinedAt) },
  ];
}

function ParticipantList({ contest }: { contest: TContest }) {
  const { page, pagingOf } = usePage(PAGE_SIZE);
  const list = trpc.contests.participants.useQuery(
    { id: contest.id, page, pageSize: PAGE_SIZE },
    { placeholderData: (previous) => previous },
  );
  useLoadErrorToast(list.error, 'Failed to load participants', 'Failed to load participants');
  return (
    <ListFrame
      gap="3"
      count={`${contest.title}: ${participantsText(contest)} participants`}
      paging={{ ...pagingOf(list.data?.total), hideSinglePage: true }}
    >
      <ResponsiveTable
        caption={`Participants of ${contest.title}`}
        columns={columns(list.data?.scoreDecimals ?? contest.scoreDecimals)}
        rows={list.data?.items ?? []}
        rowKey={(p) => p.userId}
        cardTitle={(p) => p.username}
        loading={list.isLoading}
        loadingText="Loading participants..."
        emptyText="No one has joined this contest yet."
      />
    </ListFrame>
  );
}

export function ParticipantsDialog({
  contest,
  onClose,
}: {
  contest: TContest | null;
  onClose: () => void;
}) {
  return (
    <AppDialog open={Boolean(contest)} onClose={onClose} title="Participants">
      {contest ? <ParticipantList contest={contest} /> : null}
    </AppDialog>
  );
}
