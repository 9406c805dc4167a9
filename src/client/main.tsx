import { ChakraProvider } from '@chakra-ui/react';
import {
  MutationCache,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  type Query,
} from '@tanstack/react-query';
import { httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import superjson from 'superjson';
import type { TUser } from '../shared/schemas/auth';
import { TWO_FACTOR_SETUP_REQUIRED } from '../shared/twoFactor';
import { App } from './App';
import { Toaster } from './components/common/Toaster';
import { noteCurrentUser } from './lib/auth';
import { seedPublicSettings } from './lib/bootData';
import { ColorModeProvider } from './lib/colorMode';
import { markStaleAfter } from './lib/invalidation';
import { showFlashToast } from './lib/toaster';
import { system } from './lib/system';
import { trpc } from './lib/trpc';

/** The server's tRPC error code, when the error came from a procedure. */
function errorCode(error: unknown): string | undefined {
  return (error as { data?: { code?: string } } | null)?.data?.code;
}

function createQueryClient() {
  // A call refused because the session ended (ban, password change) or maintenance began means
  // what the client knows is out of date: refetch who we are and the public settings, so the
  // route guards send the person to /auth or show the maintenance page.
  const onError = (error: unknown) => {
    const code = errorCode(error);
    if (code === 'UNAUTHORIZED') void queryClient.invalidateQueries({ queryKey: [['auth', 'me']] });
    // Staff the platform now requires two-factor sign-in of: auth.me says so, and the guard leads
    // them to set it up.
    if (
      (error as { data?: { reason?: string } } | null)?.data?.reason === TWO_FACTOR_SETUP_REQUIRED
    ) {
      void queryClient.invalidateQueries({ queryKey: [['auth', 'me']] });
    }
    if (code === 'SERVICE_UNAVAILABLE') {
      void queryClient.invalidateQueries({ queryKey: [['settings', 'public']] });
    }
  };
  // Every answer of auth.me, so that a user turning into no user is told on /auth (lib/auth.ts).
  const onSuccess = (data: unknown, query: Query<unknown, unknown, unknown>) => {
    const [path] = query.queryKey as [unknown];
    if (Array.isArray(path) && path.join('.') === 'auth.me') {
      noteCurrentUser(data as TUser | null);
    }
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError, onSuccess }),
    // What a finished mutation changed is marked stale here, from one table (lib/invalidation).
    // Settled runs after the call's own onSuccess/onError (its toast, its setData), as the
    // components' own invalidations did.
    mutationCache: new MutationCache({
      onError,
      onSettled: (_data, error, _variables, _context, mutation) =>
        markStaleAfter(queryClient, mutation, error ? 'error' : 'success'),
    }),
    // SPEC 9: results never stale, no retry, no refetch on focus, no polling.
    defaultOptions: {
      queries: { staleTime: Infinity, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  // The page brought the public settings: no screen waits for a request to learn them.
  seedPublicSettings(queryClient);
  return queryClient;
}

function Root() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(() =>
    trpc.createClient({
      links: [
        // Subscriptions (leaderboard.onChange) run over server-sent events: the browser's
        // EventSource sends the session cookie and reconnects by itself; the rest is batched.
        splitLink({
          condition: (op) => op.type === 'subscription',
          true: httpSubscriptionLink({ url: '/trpc', transformer: superjson }),
          false: httpBatchLink({ url: '/trpc', transformer: superjson, maxItems: 10 }),
        }),
      ],
    }),
  );
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ChakraProvider value={system}>
          <ColorModeProvider>
            <App />
            <Toaster />
          </ColorModeProvider>
        </ChakraProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

// The toast carried across the sign-in reload goes into the toaster's store before the first
// render, never from an effect: the Toaster reads the store's toasts and only then subscribes,
// and reading them (a flushSync) runs pending effects in between, so a toast created by an
// effect of the first commit was published to no one, never shown, and, with max 1, held every
// later toast in the queue until the next reload.
showFlashToast();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
