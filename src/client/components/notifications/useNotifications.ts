// The bell's unread count, kept current without a reload: the member's own event stream
// (notifications.onChange) says "your notifications changed" and the count, the bell's latest
// few and the /notifications page read theirs again.
import { trpc } from '../../lib/trpc';

export function useUnreadNotifications(): number {
  const utils = trpc.useUtils();
  const count = trpc.notifications.unreadCount.useQuery(undefined, {
    // A stream that was down (a proxy, a sleeping laptop) must not leave the number stale forever.
    refetchInterval: 5 * 60_000,
  });
  trpc.notifications.onChange.useSubscription(undefined, {
    onData: () => {
      void utils.notifications.unreadCount.invalidate();
      void utils.notifications.list.invalidate();
      // News of the member's own matches (one ready, a result reported) moves 'My next match'.
      void utils.tournaments.nextMatch.invalidate();
    },
  });
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
