// The toasts most mutations end in: one success, or an error toast with the server's message
// (a fallback when it has none). Spread into useMutation's options; the caller names only its
// words and what else a success does (close the dialog, update the cache).
import { errorMessage } from './errors';
import type { keyedToasts } from './toaster';

type Toasts = ReturnType<typeof keyedToasts>;
type Toast = readonly [title: string, description?: string];

export function toastOutcome<Data>(
  toasts: Toasts,
  {
    success,
    failure,
    errorTitle = 'Error',
    then,
  }: {
    /** The success toast's title, or its title and description from the answer. */
    success: string | Toast | ((data: Data) => Toast);
    /** Said when the server gives no message. */
    failure: string;
    errorTitle?: string;
    then?: (data: Data) => void;
  },
) {
  return {
    onSuccess: (data: Data) => {
      const [title, description] =
        typeof success === 'string'
          ? [success]
          : typeof success === 'function'
            ? success(data)
            : success;
      toasts.success(title, description);
      then?.(data);
    },
    onError: (error: unknown) => toasts.error(errorTitle, errorMessage(error, failure)),
  };
}
