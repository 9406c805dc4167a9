import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import superjson from 'superjson';
import { App } from './App';
import { Toaster } from './components/common/Toaster';
import { ColorModeProvider } from './lib/colorMode';
import { showFlashToast } from './lib/toaster';
import { trpc } from './lib/trpc';

function Root() {
  // SPEC 9: results never stale, no retry, no refetch on focus, no polling.
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { staleTime: Infinity, retry: false, refetchOnWindowFocus: false },
          mutations: { retry: false },
        },
      }),
  );
  const [trpcClient] = useState(() =>
    trpc.createClient({ links: [httpBatchLink({ url: '/trpc', transformer: superjson })] }),
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
