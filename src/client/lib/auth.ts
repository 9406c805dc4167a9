// The signed-in user and the sign-in/out actions every screen shares.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
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

/** After sign-in the browser reloads to '/', so the welcome toast is carried across it. */
export function finishSignIn(title: string, description: string) {
  flashToast(title, description);
  window.location.assign('/');
}

// A session ended elsewhere (a ban, a demotion, a password change or a sign-out on another
// device) shows up here only as 'no user' where this tab had one. This tab remembers that it was
// signed in, so that losing the user can be told apart from never having had one, and leaves
// /auth a note to explain it (PRODUCT.md: a member whose session was ended is told why).
const SIGNED_IN_KEY = 'signedIn';
const SESSION_ENDED_KEY = 'sessionEnded';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled: no note, the redirect to /auth still happens
  }
}

/** Called with every answer of auth.me. */
export function noteCurrentUser(user: TUser | null | undefined) {
  const store = storage();
  if (!store) return;
  if (user) {
    store.setItem(SIGNED_IN_KEY, '1');
    store.removeItem(SESSION_ENDED_KEY);
  } else if (user === null && store.getItem(SIGNED_IN_KEY)) {
    store.removeItem(SIGNED_IN_KEY);
    store.setItem(SESSION_ENDED_KEY, '1');
  }
}

function forgetSignedIn() {
  storage()?.removeItem(SIGNED_IN_KEY);
}

/** Whether /auth opened because the session ended; read once, so a reload of /auth is quiet. */
export function useSessionEndedNotice(): boolean {
  const [ended] = useState(() => storage()?.getItem(SESSION_ENDED_KEY) === '1');
  useEffect(() => {
    storage()?.removeItem(SESSION_ENDED_KEY);
  }, []);
  return ended;
}
