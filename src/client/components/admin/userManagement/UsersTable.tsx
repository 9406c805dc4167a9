// SPEC 2.15's member table, on the shared ResponsiveTable (cards on a phone).
import { Badge, Stack, Text } from '@chakra-ui/react';
import { TIER_LABELS, normalizeTier } from '../../../../shared/constants';
import { formatDate } from '../../../../shared/format';
import type { TAdminUser } from '../../../../shared/schemas/adminUsers';
import { formatDateTime, formatRelativeTime } from '../../../lib/relativeTime';
import {
  ResponsiveTable,
  type ResponsiveColumn,
  type TableSort,
} from '../../common/ResponsiveTable';
import { ROLE_LABELS } from './labels';
import { RowActionsMenu } from '../../common/RowActionsMenu';

export type UserAction = 'update' | 'plan' | 'password' | 'ban' | 'unban' | 'delete' | 'reset2fa';

interface Props {
  users: TAdminUser[];
  currentUserId: number;
  isLoading: boolean;
  onAction: (action: UserAction, user: TAdminUser) => void;
  sort?: TableSort;
  onSortChange?: (sort: TableSort) => void;
}

function RoleBadge({ role }: { role: TAdminUser['role'] }) {
  const palette = { admin: 'purple', moderator: 'blue', banned: 'red', user: 'gray' }[role];
  return <Badge colorPalette={palette}>{ROLE_LABELS[role]}</Badge>;
}

function Subscription({ user }: { user: TAdminUser }) {
  // While banned the tier means nothing (it comes back with an unban); the reason does.
  if (user.role === 'banned') {
    return (
      <Stack gap="0.5" align="flex-start">
        <Badge colorPalette="red" variant="outline">
          Banned
        </Badge>
        {user.banReason ? (
          <Text fontSize="xs" color="fg.muted" lineClamp={2} title={user.banReason}>
            {user.banReason}
          </Text>
        ) : null}
      </Stack>
    );
  }
  return <>{user.role === 'admin' ? 'N/A' : TIER_LABELS[normalizeTier(user.subscriptionTier)]}</>;
}

function Username({ user, isMe }: { user: TAdminUser; isMe: boolean }) {
  return (
    <Text as="span" fontWeight="medium">
      {user.username}
      {isMe ? (
        <Text as="span" color="fg.muted" fontWeight="normal" ms="1">
          (you)
        </Text>
      ) : null}
    </Text>
  );
}

function RowMenu({
  user,
  onAction,
}: {
  user: TAdminUser;
  onAction: (action: UserAction, user: TAdminUser) => void;
}) {
  const banned = user.role === 'banned';
  const item = (value: UserAction, label: string, danger = false) => ({
    value,
    label,
    danger,
    onSelect: () => onAction(value, user),
  });
  return (
    <RowActionsMenu
      rowLabel={user.username}
      actions={[
        banned ? item('unban', 'Unban') : item('update', 'Change Role/Subscription'),
        // Admins hold no tier (SPEC 4): no plan to manage.
        !banned && user.role !== 'admin' && item('plan', 'Manage Plan…'),
        item('password', 'Set Temporary Password'),
        user.twoFactorEnabled ? item('reset2fa', 'Reset Two-Factor Sign-In') : null,
        !banned && item('ban', 'Ban…', true),
        item('delete', 'Delete User', true),
      ]}
    />
  );
}

export function UsersTable({
  users,
  currentUserId,
  isLoading,
  onAction,
  sort,
  onSortChange,
}: Props) {
  const columns: ResponsiveColumn<TAdminUser>[] = [
    {
      key: 'name',
      header: 'Username',
      sortable: true,
      // The card's title shows the name on a phone.
      hideOnMobile: true,
      cell: (user) => <Username user={user} isMe={user.id === currentUserId} />,
    },
    { key: 'email', header: 'Email', cell: (user) => user.email },
    { key: 'role', header: 'Role', cell: (user) => <RoleBadge role={user.role} /> },
    { key: 'subscription', header: 'Subscription', cell: (user) => <Subscription user={user} /> },
    {
      key: 'planEnd',
      header: 'Plan ends',
      cell: (user) =>
        user.role === 'admin'
          ? 'N/A'
          : user.tierExpiresAt
            ? formatDate(user.tierExpiresAt)
            : 'No end date',
    },
    {
      key: 'joined',
      header: 'Joined',
      sortable: true,
      cell: (user) => formatDate(user.createdAt),
    },
    {
      key: 'lastLogin',
      header: 'Last sign-in',
      cell: (user) =>
        user.lastLoginAt ? (
          <time dateTime={user.lastLoginAt.toISOString()} title={formatDateTime(user.lastLoginAt)}>
            {formatRelativeTime(user.lastLoginAt)}
          </time>
        ) : (
          'Never'
        ),
    },
  ];
  return (
    <ResponsiveTable
      caption="Users"
      columns={columns}
      rows={users}
      rowKey={(user) => user.id}
      cardTitle={(user) => <Username user={user} isMe={user.id === currentUserId} />}
      // SPEC 2.15: no menu on the admin's own row.
      rowActions={(user) =>
        user.id === currentUserId ? null : <RowMenu user={user} onAction={onAction} />
      }
      loading={isLoading}
      loadingText="Loading users..."
      emptyText="No users found."
      sort={sort}
      onSortChange={onSortChange}
    />
  );
}
