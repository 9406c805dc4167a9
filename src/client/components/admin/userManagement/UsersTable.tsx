import { Badge, IconButton, Menu, Portal, Table, Text } from '@chakra-ui/react';
import { MoreVertical } from 'lucide-react';
import { TIER_LABELS, normalizeTier } from '../../../../shared/constants';
import { formatDate } from '../../../../shared/format';
import type { TUser } from '../../../../shared/schemas/auth';
import { ROLE_LABELS } from './labels';

export type UserAction = 'update' | 'password' | 'delete';

interface Props {
  users: TUser[];
  currentUserId: number;
  isLoading: boolean;
  onAction: (action: UserAction, user: TUser) => void;
}

function RoleBadge({ role }: { role: TUser['role'] }) {
  const palette = { admin: 'purple', moderator: 'blue', banned: 'red', user: 'gray' }[role];
  return <Badge colorPalette={palette}>{ROLE_LABELS[role]}</Badge>;
}

export function UsersTable({ users, currentUserId, isLoading, onAction }: Props) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" interactive>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Username</Table.ColumnHeader>
            <Table.ColumnHeader>Email</Table.ColumnHeader>
            <Table.ColumnHeader>Role</Table.ColumnHeader>
            <Table.ColumnHeader>Subscription</Table.ColumnHeader>
            <Table.ColumnHeader>Joined</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {isLoading || users.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={6} textAlign="center" py="8" color="fg.muted">
                {isLoading ? 'Loading users...' : 'No users found.'}
              </Table.Cell>
            </Table.Row>
          ) : (
            users.map((user) => {
              const isMe = user.id === currentUserId;
              return (
                <Table.Row key={user.id}>
                  <Table.Cell fontWeight="medium">
                    {user.username}
                    {isMe ? (
                      <Text as="span" color="fg.muted" ms="1">
                        (you)
                      </Text>
                    ) : null}
                  </Table.Cell>
                  <Table.Cell>{user.email}</Table.Cell>
                  <Table.Cell>
                    <RoleBadge role={user.role} />
                  </Table.Cell>
                  <Table.Cell>
                    {user.role === 'admin'
                      ? 'N/A'
                      : TIER_LABELS[normalizeTier(user.subscriptionTier)]}
                  </Table.Cell>
                  <Table.Cell>{formatDate(user.createdAt)}</Table.Cell>
                  <Table.Cell textAlign="end">
                    {isMe ? null : (
                      <Menu.Root positioning={{ placement: 'bottom-end' }}>
                        <Menu.Trigger asChild>
                          <IconButton
                            aria-label={`Actions for ${user.username}`}
                            variant="ghost"
                            size="sm"
                          >
                            <MoreVertical />
                          </IconButton>
                        </Menu.Trigger>
                        <Portal>
                          <Menu.Positioner>
                            <Menu.Content>
                              <Menu.Item value="update" onClick={() => onAction('update', user)}>
                                Change Role/Subscription
                              </Menu.Item>
                              <Menu.Item
                                value="password"
                                onClick={() => onAction('password', user)}
                              >
                                Set Temporary Password
                              </Menu.Item>
                              <Menu.Item
                                value="delete"
                                color="fg.error"
                                onClick={() => onAction('delete', user)}
                              >
                                Delete User
                              </Menu.Item>
                            </Menu.Content>
                          </Menu.Positioner>
                        </Portal>
                      </Menu.Root>
                    )}
                  </Table.Cell>
                </Table.Row>
              );
            })
          )}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
