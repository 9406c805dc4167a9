// The signed-in user and the sign-in/out actions every screen shares.
import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import { returnPathFromSearch } from '../../shared/returnPath';
import type { TUser } from '../../shared/schemas/auth';
import { trpc } from './trpc';
import { errorMessage } from './errors';
import { flashToast, toastError, toastSuccess } from './toaster';

export function useCurrentUser() {
  const query = trpc.auth.me.useQuery(undefined, { staleTime: Infinity });
  return { user: query.data ?? null, isLoading: query.isLoading };
}

export function isAdmin(user: { role: string } | null): boolean {
  return user?.role === 'admin';
}

export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const mutation = trpc.auth.logout.useMutation({
    // Leaving on purpose is not a session that ended: /auth says nothing about it.
    onMutate: () => forgetSignedIn(),
    onSuccess: () => toastSuccess('Logged out', 'You have been logged out successfully.'),
    onError: (error) =>
      toastError('Logout failed', errorMessage(error, 'Failed to log out. Please try again.')),
    // Even a failed call signs the user out of this browser (SPEC 2.1).
    onSettled: () => {
      queryClient.clear();
      navigate('/auth', { replace: true });
    },
  });
  return mutation;
}

/**
 * After sign-in the browser reloads to the page /auth was opened for (?next=, only a path of this
 * site) or to '/', so the welcome toast is carried across it.
 */
export function finishSignIn(title: string, description: string, newMember?: { id: number }) {
  if (newMember) storage()?.setItem(NEW_MEMBER_KEY, String(newMember.id));
  else storage()?.removeItem(NEW_MEMBER_KEY);
  // Signed in from here on: a session ended before the reloaded page's first auth.me answers
  // (a ban in that instant) is explained on /auth like any other.
  storage()?.setItem(SIGNED_IN_KEY, '1');
  flashToast(title, description);
  window.location.assign(returnPathFromSearch(window.location.search));
}

/**
 * The end of a sign-in with an existing account (a password, the code step, a confirmed link):
 * 'Welcome back', except on the account's first sign-in ever (an account an admin made), which
 * is greeted as new here and on the dashboard.
 */
export function finishAccountSignIn(user: { id: number; username: string; firstSignIn?: true }) {
  if (user.firstSignIn) finishSignIn('Login successful', `Welcome, ${user.username}!`, user);
  else finishSignIn('Login successful', `Welcome back, ${user.username}!`);
}

// A member who has just registered is greeted as new, not 'Welcome back', for as long as this
// tab keeps the session they registered with.
const NEW_MEMBER_KEY = 'newMember';

/** The dashboard's greeting: 'Welcome, umar' to a member who just registered, else 'Welcome back'. */
export function greetingFor(user: { id: number; username: string }): string {
  const isNew = storage()?.getItem(NEW_MEMBER_KEY) === String(user.id);
  return isNew ? `Welcome, ${user.username}` : `Welcome back, ${user.username}`;
}

// A session ended elsewhere (a ban, a demotion, a password change or a sign-out on another
// device) shows up here only as 'no user' where this tab had one. The tab remembers across the
// sign-in reload that it was signed in (sessionStorage), so losing the user can be told apart
// from never having had one, and /auth explains it (PRODUCT.md: a member whose session was ended
// is told why). Whether it ended is page state, not stored: /auth may mount before or after
// auth.me's answer, or twice, and still says it; a reload of /auth is quiet.
const SIGNED_IN_KEY = 'signedIn';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled: no note, the redirect to /auth still happens
  }
}

let sessionEnded = false;
const listeners = new Set<() => void>();

function setSessionEnded(value: boolean) {
  if (sessionEnded === value) return;
  sessionEnded = value;
  for (const listener of listeners) listener();
}

/** Called with every answer of auth.me. */
export function noteCurrentUser(user: TUser | null | undefined) {
  const store = storage();
  if (user) {
    store?.setItem(SIGNED_IN_KEY, '1');
    setSessionEnded(false);
  } else if (user === null && store?.getItem(SIGNED_IN_KEY)) {
    store.removeItem(SIGNED_IN_KEY);
    setSessionEnded(true);
  }
}

function forgetSignedIn() {
  storage()?.removeItem(SIGNED_IN_KEY);
  storage()?.removeItem(NEW_MEMBER_KEY);
}

/** Whether this page lost its signed-in user to a session ended elsewhere. */
export function useSessionEndedNotice(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => sessionEnded,
  );
}
