// /admin/contests (SPEC 2.17, PRODUCT.md: moderators too): every contest by tab, searched on the
// server, with approve (asked first, showing the dates), reject, feature, complete, edit and the
// participants of each.
import { Stack } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { ADMIN_CONTEST_TABS, type AdminContestTab } from '../../../shared/contests';
import type { TContest } from '../../../shared/schemas/contests';
import type { TUser } from '../../../shared/schemas/auth';
import {
  ContestsTable,
  type ContestAction,
} from '../../components/admin/contestManagement/ContestsTable';
import { ApproveContestDialog } from '../../components/admin/contestManagement/ApproveContestDialog';
import { ParticipantsDialog } from '../../components/admin/contestManagement/ParticipantsDialog';
import { useContestModeration } from '../../components/admin/contestManagement/useContestModeration';
import { RejectContestDialog } from '../../components/admin/contestManagement/RejectContestDialog';
import { ListFrame } from '../../components/common/ListFrame';
import { ListTabs } from '../../components/common/ListTabs';
import { ContestEditDialog } from '../../components/contests/ContestEditDialog';
import { PageHeader } from '../../components/layout/PageHeader';
import { trpc } from '../../lib/trpc';
import { useDebounced } from '../../lib/useDebounced';
import { useTabParam } from '../../lib/useTabParam';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { SearchField } from '../../components/common/SearchField';
import { LinkButton } from '../../components/common/LinkButton';

const PAGE_SIZE = 25;

const TAB_LABELS: Record<AdminContestTab, string> = {
  all: 'All',
  featured: 'Featured',
  pending: 'Pending',
  active: 'Active',
  completed: 'Completed',
  rejected: 'Rejected',
};

const EMPTY: Record<AdminContestTab, string> = {
  all: 'There are no contests yet.',
  featured: 'There are no featured contests.',
  pending: 'There are no pending contests awaiting review.',
  active: 'There are no active contests.',
  completed: 'There are no completed contests.',
  rejected: 'There are no rejected contests.',
};

function ContestTabPanel({
  tab,
  search,
  onAction,
  busyId,
}: {
  tab: AdminContestTab;
  search: string;
  onAction: (action: ContestAction, contest: TContest) => void;
  busyId?: number;
}) {
  const [page, setPage] = useState(1);
  const list = trpc.contests.adminList.useQuery(
    { tab, search: search || undefined, page, pageSize: PAGE_SIZE },
    { placeholderData: (previous) => previous },
  );
  useLoadErrorToast(list.error, 'Failed to load contests', 'Failed to load contests');
  return (
    <ListFrame
      gap="2"
      paging={{ page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onPage: setPage }}
    >
      <ContestsTable
        contests={list.data?.items ?? []}
        isLoading={list.isLoading}
        emptyText={search ? 'No contests match your search.' : EMPTY[tab]}
        onAction={onAction}
        busyId={busyId}
      />
    </ListFrame>
  );
}

export function ContestManagementPage({ user }: { user: TUser }) {
  const [tab, setTab] = useTabParam(ADMIN_CONTEST_TABS, 'all');
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim());
  const [target, setTarget] = useState<{ action: ContestAction; contest: TContest } | null>(null);
  const close = () => setTarget(null);
  const moderation = useContestModeration({ onDone: close });
  const pick = (action: ContestAction) => (target?.action === action ? target.contest : null);

  const onAction = (action: ContestAction, contest: TContest) => {
    switch (action) {
      case 'complete':
        return moderation.changeStatus(contest.id, 'completed');
      case 'feature':
        return moderation.setFeatured(contest.id, true);
      case 'unfeature':
        return moderation.setFeatured(contest.id, false);
      default:
        // Edit, View Participants, Approve and Reject (which ask first) open a dialog.
        return setTarget({ action, contest });
    }
  };
  const rejecting = pick('reject');
  const approving = pick('approve');

  return (
    <>
      <PageHeader
        title="Contest Management"
        documentTitle="Contests"
        subtitle="Review, feature and manage every contest"
        actions={
          // The admin wizard is for admins only (SPEC 2.1); moderators review.
          user.role === 'admin' ? (
            <LinkButton
              href="/admin/contests/create"
              icon={Plus}
              iconSize={16}
              colorPalette="purple"
            >
              Add Contest
            </LinkButton>
          ) : null
        }
      />
      <Stack gap="4">
        <SearchField
          label="Search contests"
          placeholder="Search contests..."
          value={search}
          onChange={setSearch}
        />
        <ListTabs
          tabs={ADMIN_CONTEST_TABS}
          labels={TAB_LABELS}
          value={tab}
          onChange={setTab}
          unmountOnExit
          wrap
        >
          {(t) => (
            // Keyed by the search, so a new search starts from its first page.
            <ContestTabPanel
              key={term}
              tab={t}
              search={term}
              onAction={onAction}
              busyId={moderation.pendingStatusId}
            />
          )}
        </ListTabs>
      </Stack>
      <ContestEditDialog contest={pick('edit')} variant="admin" onClose={close} />
      <ParticipantsDialog contest={pick('participants')} onClose={close} />
      <ApproveContestDialog
        contest={approving}
        loading={approving !== null && moderation.pendingStatusId === approving.id}
        onApprove={(contest) => moderation.changeStatus(contest.id, 'active')}
        onEdit={(contest) => setTarget({ action: 'edit', contest })}
        onClose={close}
      />
      <RejectContestDialog
        contest={rejecting}
        onReject={(contest, reason) => moderation.changeStatus(contest.id, 'rejected', reason)}
        onClose={close}
      />
    </>
  );
}
