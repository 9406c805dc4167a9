// The moderation calls of /admin/contests with SPEC 8's toasts: approve, reject and complete
// ('Contest updated'), feature and unfeature ('Contest featured' / 'Contest unfeatured'), and
// 'Update failed' with the server's message.
import type { ModerationStatus } from '../../../../shared/contests';
import { errorMessage } from '../../../lib/errors';
import { keyedToasts } from '../../../lib/toaster';
import { trpc } from '../../../lib/trpc';

const toasts = keyedToasts('contestModeration');

export function useContestModeration({ onDone }: { onDone?: () => void } = {}) {
  const failed = (error: unknown) =>
    toasts.error('Update failed', errorMessage(error, 'Failed to update contest'));
  const setStatus = trpc.contests.setStatus.useMutation({
    onSuccess: () => {
      toasts.success('Contest updated', 'The contest status has been updated successfully.');
      onDone?.();
    },
    onError: failed,
  });
  const setFeatured = trpc.contests.setFeatured.useMutation({
    onSuccess: (contest) => {
      if (contest.featured) {
        toasts.success('Contest featured', 'The contest will now be displayed on the homepage.');
      } else {
        toasts.success('Contest unfeatured', 'The contest has been removed from the homepage.');
      }
    },
    onError: failed,
  });
  return {
    /** `reason`: a rejection's, told to the creator in their notification. */
    changeStatus: (id: number, status: ModerationStatus, reason?: string) =>
      setStatus.mutate({ id, status, reason: reason || undefined }),
    setFeatured: (id: number, featured: boolean) => setFeatured.mutate({ id, featured }),
    /** The contest a status change is under way for, to show its buttons busy. */
    pendingStatusId: setStatus.isPending ? setStatus.variables?.id : undefined,
  };
}
