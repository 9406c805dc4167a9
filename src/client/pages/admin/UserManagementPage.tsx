// SPEC 2.15: the member list, searched and paged on the server so 10,000 members stay fast.
import { Button, HStack } from '@chakra-ui/react';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import type { TUser } from '../../../shared/schemas/auth';
import type { TAdminUser, UserSort } from '../../../shared/schemas/adminUsers';
import { AddUserDialog } from '../../components/admin/userManagement/AddUserDialog';
import { BanUserDialog, useUnbanUser } from '../../components/admin/userManagement/BanUserDialog';
import { PlanDialog } from '../../components/admin/userManagement/PlanDialog';
import { DeleteUserDialog } from '../../components/admin/userManagement/DeleteUserDialog';
import { SetPasswordDialog } from '../../components/admin/userManagement/SetPasswordDialog';
import { ResetTwoFactorDialog } from '../../components/admin/userManagement/ResetTwoFactorDialog';
import { UpdateUserDialog } from '../../components/admin/userManagement/UpdateUserDialog';
import {
  UserFilters,
  type UserFilterValues,
} from '../../components/admin/userManagement/UserFilters';
import { UsersTable, type UserAction } from '../../components/admin/userManagement/UsersTable';
import type { TableSort } from '../../components/common/ResponsiveTable';
import { ListFrame } from '../../components/common/ListFrame';
import { RefreshButton } from '../../components/common/RefreshButton';
import { PageHeader } from '../../components/layout/PageHeader';
import { trpc } from '../../lib/trpc';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { usePagedSearch } from '../../lib/usePagedSearch';

const PAGE_SIZE = 25;

export function UserManagementPage({ user: me }: { user: TUser }) {
  const { search, term, setSearch, page, fromFirstPage, pagingOf } = usePagedSearch(PAGE_SIZE);
  const [adding, setAdding] = useState(false);
  const [target, setTarget] = useState<{ action: UserAction; user: TAdminUser } | null>(null);
  const [filters, setFilters] = useState<UserFilterValues>({});
  const [sort, setSort] = useState<TableSort | undefined>(undefined);
  const unban = useUnbanUser();
  const list = trpc.adminUsers.list.useQuery(
    {
      search: term,
      ...filters,
      sort: sort?.key as UserSort | undefined,
      order: sort?.order,
      page,
      pageSize: PAGE_SIZE,
    },
    { placeholderData: (previous) => previous },
  );
  useLoadErrorToast(list.error, 'Failed to load users', 'Failed to load users');
  const close = () => setTarget(null);
  const pick = (action: UserAction) => (target?.action === action ? target.user : null);

  return (
    <>
      <PageHeader
        title="User Management"
        documentTitle="Users"
        subtitle="Manage members, roles and subscriptions"
        actions={
          <HStack gap="2">
            <RefreshButton onRefresh={() => void list.refetch()} busy={list.isFetching} />
            <Button colorPalette="purple" onClick={() => setAdding(true)}>
              <UserPlus size={16} aria-hidden /> Add User
            </Button>
          </HStack>
        }
      />
      <ListFrame
        search={{
          label: 'Search users',
          placeholder: 'Search users...',
          value: search,
          onChange: setSearch,
        }}
        count={`Total users: ${list.data?.total ?? 0}`}
        filters={<UserFilters value={filters} onChange={fromFirstPage(setFilters)} />}
        paging={pagingOf(list.data?.total)}
      >
        <UsersTable
          users={list.data?.users ?? []}
          currentUserId={me.id}
          isLoading={list.isLoading}
          onAction={(action, user) =>
            action === 'unban' ? unban.mutate({ id: user.id }) : setTarget({ action, user })
          }
          sort={sort}
          onSortChange={fromFirstPage(setSort)}
        />
      </ListFrame>
      <AddUserDialog open={adding} onClose={() => setAdding(false)} />
      <UpdateUserDialog user={pick('update')} onClose={close} />
      <SetPasswordDialog user={pick('password')} onClose={close} />
      <BanUserDialog user={pick('ban')} onClose={close} />
      <PlanDialog user={pick('plan')} onClose={close} />
      <DeleteUserDialog user={pick('delete')} onClose={close} />
      <ResetTwoFactorDialog user={pick('reset2fa')} onClose={close} />
    </>
  );
}
