// /notifications (issue 20): everything the platform told the member, newest first, paged; all
// or only the unread ones; each links to its contest or payment (and is marked read on the way);
// 'Mark all read'.
import { Button, Card, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { NOTIFICATIONS_PAGE_SIZE } from '../../shared/schemas/notifications';
import { Pager } from '../components/common/Pager';
import { PageHeader } from '../components/layout/PageHeader';
import { NotificationItem } from '../components/notifications/NotificationItem';
import { useMarkNotificationsRead } from '../components/notifications/useNotifications';
import { errorMessage } from '../lib/errors';
import { toastOutcome } from '../lib/toastOutcome';
import { keyedToasts } from '../lib/toaster';
import { trpc } from '../lib/trpc';
import { SelectFilter } from '../components/common/SelectFilter';

const toasts = keyedToasts('notifications');

const SHOW_OPTIONS = [
  { value: 'all', label: 'All notifications' },
  { value: 'unread', label: 'Unread only' },
] as const;

export function NotificationsPage() {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState(1);
  const list = trpc.notifications.list.useQuery(
    { unread: unreadOnly || undefined, page, pageSize: NOTIFICATIONS_PAGE_SIZE },
    { placeholderData: (previous) => previous },
  );
  const markRead = useMarkNotificationsRead();
  const markAll = () =>
    markRead.mutate(
      { all: true },
      toastOutcome(toasts, {
        success: 'All notifications marked read',
        failure: 'Failed to mark them read',
      }),
    );
  const items = list.data?.items ?? [];
  const unread = list.data?.unread ?? 0;
  return (
    <>
      <PageHeader
        title="Notifications"
        subtitle={unread ? `${unread} unread` : 'You are all caught up'}
        actions={
          <Button
            variant="outline"
            onClick={markAll}
            disabled={!unread}
            loading={markRead.isPending && markRead.variables?.all === true}
          >
            Mark all read
          </Button>
        }
      />
      <Stack gap="4">
        <SelectFilter
          maxW="xs"
          label="Show"
          smallLabel
          value={unreadOnly ? 'unread' : 'all'}
          options={SHOW_OPTIONS}
          onChange={(show) => {
            setUnreadOnly(show === 'unread');
            setPage(1);
          }}
        />
        {list.isLoading ? (
          <Spinner aria-label="Loading notifications" />
        ) : list.error ? (
          <Text color="red.fg">{errorMessage(list.error, 'Failed to load notifications')}</Text>
        ) : items.length === 0 ? (
          <Text color="fg.muted">
            {unreadOnly ? 'No unread notifications.' : 'No notifications yet.'}
          </Text>
        ) : (
          <Stack as="ul" aria-label="Notifications" gap="3" listStyleType="none">
            {items.map((n) => (
              <Card.Root as="li" key={n.id} variant={n.readAt ? 'outline' : 'elevated'}>
                <Card.Body p="4">
                  <HStack align="flex-start" gap="4" justify="space-between">
                    <NotificationItem
                      notification={n}
                      onOpen={(item) => {
                        if (item.readAt === null) markRead.mutate({ ids: [item.id] });
                      }}
                    />
                    {n.readAt === null ? (
                      <Button
                        size="xs"
                        variant="ghost"
                        flexShrink={0}
                        onClick={() => markRead.mutate({ ids: [n.id] })}
                      >
                        Mark read
                        <Text as="span" srOnly>
                          : {n.title}
                        </Text>
                      </Button>
                    ) : null}
                  </HStack>
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
        )}
        <Pager
          page={page}
          pageSize={NOTIFICATIONS_PAGE_SIZE}
          total={list.data?.total ?? 0}
          onPage={setPage}
        />
      </Stack>
    </>
  );
}
