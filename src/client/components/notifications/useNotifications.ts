// The bell's unread count, kept current without a reload: the member's own event stream
// (notifications.onChange) says "your notifications changed" and the count, the bell's latest
// few and the /notifications page read theirs again.
import { useStaleOnEvent } from '../../lib/invalidation';
import { trpc } from '../../lib/trpc';

export function useUnreadNotifications(): number {
  const onData = useStaleOnEvent('notifications.onChange');
  const count = trpc.notifications.unreadCount.useQuery(undefined, {
    // A stream that was down (a proxy, a sleeping laptop) must not leave the number stale forever.
    refetchInterval: 5 * 60_000,
  });
  // The count, the bell's latest few, /notifications and 'My next match' (lib/invalidation).
  trpc.notifications.onChange.useSubscription(undefined, { onData });
  return count.data?.unread ?? 0;
}

/** Marks read (some or all) and reads every notification view again. */
export function useMarkNotificationsRead() {
  const utils = trpc.useUtils();
  return trpc.notifications.markRead.useMutation({
    onSuccess: (result) => {
      utils.notifications.unreadCount.setData(undefined, { unread: result.unread });
    },
  });
}
