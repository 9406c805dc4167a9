// Save an item for later, or remove it from the saved ones: one hook for the card and the page.
import { errorMessage } from '../../lib/errors';
import { toastError, toastSuccess } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';

export function useSaveToggle() {
  const utils = trpc.useUtils();
  const onSuccess = (result: { saved: boolean }) => {
    toastSuccess(result.saved ? 'Saved for later' : 'Removed from saved');
    void utils.education.list.invalidate();
    void utils.education.get.invalidate();
  };
  const onError = (error: unknown) =>
    toastError('Error', errorMessage(error, 'Failed to update saved content'));
  const save = trpc.education.save.useMutation({ onSuccess, onError });
  const unsave = trpc.education.unsave.useMutation({ onSuccess, onError });
  return {
    toggle: (item: { id: number; saved: boolean }) =>
      item.saved ? unsave.mutate({ id: item.id }) : save.mutate({ id: item.id }),
    pending: save.isPending || unsave.isPending,
  };
}
