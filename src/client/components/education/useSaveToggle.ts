// Save an item for later, or remove it from the saved ones: one hook for the card and the page.
import { keyedToasts } from '../../lib/toaster';
import { toastOutcome } from '../../lib/toastOutcome';
import { trpc } from '../../lib/trpc';

const toasts = keyedToasts('educationSaved');

export function useSaveToggle() {
  const outcome = toastOutcome(toasts, {
    success: (result: { saved: boolean }) => [
      result.saved ? 'Saved for later' : 'Removed from saved',
    ],
    failure: 'Failed to update saved content',
  });
  const save = trpc.education.save.useMutation(outcome);
  const unsave = trpc.education.unsave.useMutation(outcome);
  return {
    toggle: (item: { id: number; saved: boolean }) =>
      item.saved ? unsave.mutate({ id: item.id }) : save.mutate({ id: item.id }),
    pending: save.isPending || unsave.isPending,
  };
}
