// One toaster for the app: at most one toast at a time, 5 s each (SPEC 9).
import { createToaster } from '@chakra-ui/react';

export const toaster = createToaster({
  placement: 'bottom-end',
  max: 1,
  duration: 5000,
  pauseOnPageIdle: true,
  // The bottom edge is a variable: on a phone it clears the bottom navigation (Toaster.tsx).
  offsets: { top: '1rem', left: '1rem', right: '1rem', bottom: 'var(--toast-offset-bottom, 1rem)' },
});

export function toastSuccess(title: string, description?: string) {
  toaster.create({ type: 'success', title, description, closable: true });
}

/** The 'destructive' toast of SPEC 8. */
export function toastError(title: string, description?: string) {
  toaster.create({ type: 'error', title, description, closable: true });
}

export function toastInfo(title: string, description?: string) {
  toaster.create({ type: 'info', title, description, closable: true });
}

// A toast that must survive the full reload after sign-in (SPEC 2.1).
const FLASH_KEY = 'flashToast';

export function flashToast(title: string, description?: string) {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify({ title, description }));
  } catch {
    /* storage unavailable: the toast is simply skipped */
  }
}

/**
 * Call before the first render (main.tsx), not from an effect: the Toaster takes the toasts
 * already in the store when it mounts, but misses one created by an effect of its first commit.
 */
export function showFlashToast() {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    if (!raw) return;
    sessionStorage.removeItem(FLASH_KEY);
    const { title, description } = JSON.parse(raw) as { title: string; description?: string };
    toastSuccess(title, description);
  } catch {
    /* a malformed entry is dropped */
  }
}
