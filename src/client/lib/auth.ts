// The signed-in user and the sign-in/out actions every screen shares.
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
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
