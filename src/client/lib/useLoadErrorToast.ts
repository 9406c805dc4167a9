// SPEC 8's toast for a list or figure that failed to load: the server's message, else the
// fallback. Once per error, not on every render.
import { useEffect } from 'react';
import { errorMessage } from './errors';
import { toastError } from './toaster';

export function useLoadErrorToast(error: unknown, title: string, fallback: string): void {
  useEffect(() => {
    if (error) toastError(title, errorMessage(error, fallback));
    // The title and fallback are constants of the screen; only a new error shows a new toast.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);
}
