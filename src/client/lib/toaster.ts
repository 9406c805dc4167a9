// One toaster for the app. The newest toast shows at once, above a short stack of the last few
// (PRODUCT/issue 15 over SPEC 9's 'at most 1 at a time': a queue of 5 s turns made the visible
// toast belong to an earlier action). A form's toasts share a key, so its success closes its
// earlier error instead of leaving 'Error: Email already in use' beside 'Profile updated'.
import { createToaster } from '@chakra-ui/react';

/** How many toasts are on screen at most; a newer one closes the oldest. */
export const VISIBLE_TOASTS = 3;

export const toaster = createToaster({
  placement: 'bottom-end',
  // Above VISIBLE_TOASTS: a toast on its way out (200 ms) never makes a new one wait in the queue.
  max: VISIBLE_TOASTS + 3,
  duration: 5000,
  pauseOnPageIdle: true,
  // The bottom edge is a variable: on a phone it clears the bottom navigation (Toaster.tsx).
  offsets: { top: '1rem', left: '1rem', right: '1rem', bottom: 'var(--toast-offset-bottom, 1rem)' },
});

type ToastType = 'success' | 'error' | 'info';

/** Shown now, newest first: the oldest ones beyond VISIBLE_TOASTS are closed to make room. */
const shown: string[] = [];
/** The toast each key (a form, an action) shows now. */
const byKey = new Map<string, string>();

function forget(id: string) {
  const at = shown.indexOf(id);
  if (at >= 0) shown.splice(at, 1);
  for (const [key, value] of byKey) if (value === id) byKey.delete(key);
}

function show(type: ToastType, title: string, description?: string, key?: string): string {
  if (key) {
    const previous = byKey.get(key);
    if (previous) {
      toaster.dismiss(previous);
      forget(previous);
    }
  }
  while (shown.length >= VISIBLE_TOASTS) {
    const oldest = shown.pop()!;
    toaster.dismiss(oldest);
    forget(oldest);
  }
  const id = toaster.create({
    type,
    title,
    description,
    closable: true,
    // Gone by itself, by its close button or by a swipe: no longer counted.
    onStatusChange: ({ status }) => {
      if (status === 'dismissing' || status === 'unmounted') forget(id);
    },
  });
  shown.unshift(id);
  if (key) byKey.set(key, id);
  return id;
}

export function toastSuccess(title: string, description?: string) {
  show('success', title, description);
}

/** The 'destructive' toast of SPEC 8. */
export function toastError(title: string, description?: string) {
  show('error', title, description);
}

export function toastInfo(title: string, description?: string) {
  show('info', title, description);
}

/**
 * The toasts of one form or action, under one key: each replaces the one before it, so a success
 * closes the error of an earlier attempt and a second error does not pile on the first.
 * `dismiss` closes whatever the key shows (a draft saved after all).
 */
export function keyedToasts(key: string) {
  return {
    success: (title: string, description?: string) => void show('success', title, description, key),
    error: (title: string, description?: string) => void show('error', title, description, key),
    info: (title: string, description?: string) => void show('info', title, description, key),
    dismiss: () => {
      const id = byKey.get(key);
      if (id) {
        toaster.dismiss(id);
        forget(id);
      }
    },
  };
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
