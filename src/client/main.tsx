import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import superjson from 'superjson';
import { App } from './App';
import { Toaster } from './components/common/Toaster';
import { ColorModeProvider } from './lib/colorMode';
import { showFlashToast } from './lib/toaster';
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
    if (code === 'SERVICE_UNAVAILABLE') {
      void queryClient.invalidateQueries({ queryKey: [['settings', 'public']] });
    }
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    // SPEC 9: results never stale, no retry, no refetch on focus, no polling.
    defaultOptions: {
      queries: { staleTime: Infinity, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return queryClient;
}

function Root() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(() =>
    trpc.createClient({
      links: [httpBatchLink({ url: '/trpc', transformer: superjson, maxItems: 10 })],
    }),
  );
  useEffect(() => {
    showFlashToast();
  }, []);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ChakraProvider value={defaultSystem}>
          <ColorModeProvider>
            <App />
            <Toaster />
          </ColorModeProvider>
        </ChakraProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
