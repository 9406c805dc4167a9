// One notification as the bell's popover and the /notifications page show it: its title (a link
// to its contest or payment when it has one), what happened, when, and whether it is unread.
import { Badge, Box, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import type { TNotification } from '../../../shared/schemas/notifications';
import { formatDateTime, formatRelativeTime } from '../../lib/relativeTime';

export function NotificationItem({
  notification,
  onOpen,
  compact = false,
}: {
  notification: TNotification;
  /** Called when its link is followed (it is marked read, a popover closes). */
  onOpen?: (notification: TNotification) => void;
  compact?: boolean;
}) {
  const unread = notification.readAt === null;
  const title = (
    <Text as="span" fontWeight={unread ? 'semibold' : 'medium'}>
      {notification.title}
    </Text>
  );
  return (
    <Stack gap="1" minW="0">
      <HStack gap="2" align="baseline" justify="space-between">
        <Box minW="0" overflowWrap="anywhere">
          {notification.link ? (
            <ChakraLink asChild variant="underline" color="inherit">
              <Link href={notification.link} onClick={() => onOpen?.(notification)}>
                {title}
              </Link>
            </ChakraLink>
          ) : (
            title
          )}
        </Box>
        {unread ? (
          <Badge colorPalette="purple" size="sm" flexShrink={0}>
            Unread
          </Badge>
        ) : null}
      </HStack>
      <Text
        fontSize="sm"
        color="fg.muted"
        overflowWrap="anywhere"
        lineClamp={compact ? 2 : undefined}
      >
        {notification.body}
      </Text>
      <Text fontSize="xs" color="fg.muted">
        <time
          dateTime={notification.createdAt.toISOString()}
          title={formatDateTime(notification.createdAt)}
        >
          {formatRelativeTime(notification.createdAt)}
        </time>
      </Text>
    </Stack>
  );
}
