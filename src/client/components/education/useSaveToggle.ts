// Save an item for later, or remove it from the saved ones: one hook for the card and the page.
import { errorMessage } from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';

const toasts = keyedToasts('educationSaved');

export function useSaveToggle() {
  const onSuccess = (result: { saved: boolean }) => {
    toasts.success(result.saved ? 'Saved for later' : 'Removed from saved');
  };
  const onError = (error: unknown) =>
    toasts.error('Error', errorMessage(error, 'Failed to update saved content'));
  const save = trpc.education.save.useMutation({ onSuccess, onError });
  const unsave = trpc.education.unsave.useMutation({ onSuccess, onError });
  return {
    toggle: (item: { id: number; saved: boolean }) =>
      item.saved ? unsave.mutate({ id: item.id }) : save.mutate({ id: item.id }),
    pending: save.isPending || unsave.isPending,
  };
}
