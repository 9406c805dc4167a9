// The bell in the top bar (issue 20): the unread count, live, and a popover with the latest few,
// 'Mark all read' and a link to the /notifications page.
import { Box, Button, Float, IconButton, Popover, Spinner, Stack, Text } from '@chakra-ui/react';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { BELL_LATEST } from '../../../shared/notifications';
import { trpc } from '../../lib/trpc';
import { PopoverPanel } from '../common/PopoverPanel';
import { NotificationItem } from './NotificationItem';
import { useMarkNotificationsRead } from './useNotifications';

/** "Notifications, 3 unread": the bell's accessible name says the number too. */
export function bellLabel(unread: number): string {
  return unread ? `Notifications, ${unread} unread` : 'Notifications';
}

export function NotificationBell({ unread }: { unread: number }) {
  const [open, setOpen] = useState(false);
  const latest = trpc.notifications.list.useQuery(
    { page: 1, pageSize: BELL_LATEST },
    { enabled: open },
  );
  const markRead = useMarkNotificationsRead();
  const items = latest.data?.items ?? [];
  return (
    <Popover.Root
      open={open}
      onOpenChange={(e) => setOpen(e.open)}
      positioning={{ placement: 'bottom-end' }}
    >
      <Popover.Trigger asChild>
        <IconButton aria-label={bellLabel(unread)} variant="ghost" size="sm" position="relative">
          <Bell aria-hidden />
          {unread ? (
            <Float placement="top-end" offset="2">
              <Box
                aria-hidden
                data-testid="bell-count"
                bg="red.solid"
                color="red.contrast"
                fontSize="2xs"
                fontWeight="bold"
                rounded="full"
                minW="4"
                h="4"
                px="1"
                lineHeight="4"
                textAlign="center"
              >
                {unread > 99 ? '99+' : unread}
              </Box>
            </Float>
          ) : null}
        </IconButton>
      </Popover.Trigger>
      <PopoverPanel title="Notifications" width="sm" bodyTop="2">
        {latest.isLoading ? (
          <Spinner size="sm" aria-label="Loading notifications" />
        ) : items.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            Nothing yet. We will tell you here when something happens.
          </Text>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none">
            {items.map((n) => (
              <Box
                as="li"
                key={n.id}
                pb="3"
                borderBottomWidth="1px"
                _last={{ borderBottomWidth: 0, pb: 0 }}
              >
                <NotificationItem
                  compact
                  notification={n}
                  onOpen={(item) => {
                    if (item.readAt === null) markRead.mutate({ ids: [item.id] });
                    setOpen(false);
                  }}
                />
              </Box>
            ))}
          </Stack>
        )}
        <Stack direction="row" justify="space-between" align="center" mt="4">
          <Button asChild size="sm" variant="outline">
            <Link href="/notifications" onClick={() => setOpen(false)}>
              See all notifications
            </Link>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={!unread}
            loading={markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
          >
            Mark all read
          </Button>
        </Stack>
      </PopoverPanel>
    </Popover.Root>
  );
}
