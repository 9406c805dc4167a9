// Applies the table of what each mutation makes stale (staleAfter.ts): to every mutation from
// the query client's MutationCache (main.tsx), and, for a moment only a screen knows, through
// useMarkStale.
import type { Mutation, QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { MutationPath, QueryPath, SubscriptionPath } from './paths';
import { staleAfter, type Stale } from './staleAfter';
import { staleOnEvent } from './staleOnEvent';

export type { MutationPath, QueryPath, SubscriptionPath };

/** Marks the queries stale (the shown ones are read again); resolves once they were read. */
function markStale(queryClient: QueryClient, paths: readonly QueryPath[] | undefined) {
  // tRPC's query keys start with the procedure's path as an array: a prefix of it matches every
  // query of that procedure (any input) or router.
  return Promise.all(
    (paths ?? []).map((path) => queryClient.invalidateQueries({ queryKey: [path.split('.')] })),
  );
}

/** The declaration for a mutation of the cache (tRPC keys a mutation by its path). */
function declared(mutation: Mutation<unknown, unknown, unknown>): Stale | undefined {
  const [path] = mutation.options.mutationKey ?? [];
  if (!Array.isArray(path)) return undefined;
  return staleAfter[path.join('.') as MutationPath];
}

/** Marks stale what a finished mutation changed (the MutationCache's callbacks call this). */
export function markStaleAfter(
  queryClient: QueryClient,
  mutation: Mutation<unknown, unknown, unknown>,
  outcome: 'success' | 'error',
) {
  const stale = declared(mutation);
  const read = markStale(queryClient, stale?.[outcome]);
  // The MutationCache awaits what its callback returns. Most screens go on at once and show the
  // new data when it comes; a declaration with `wait` holds the call's answer until then.
  return stale?.wait ? read.then(() => undefined) : undefined;
}

/**
 * Marks stale what the table declares `later` for a mutation (or, for work that does the same
 * outside tRPC, e.g. a REST upload of scores, what its tRPC twin makes stale on success).
 */
export function useMarkStale() {
  const queryClient = useQueryClient();
  return useCallback(
    (path: MutationPath) => {
      const stale = staleAfter[path];
      void markStale(queryClient, stale?.later ?? stale?.success);
    },
    [queryClient],
  );
}

/**
 * The onData of a live stream: marks stale what the stream's event changes (staleOnEvent.ts),
 * for the stream's contest where the declaration says so.
 */
export function useStaleOnEvent(event: SubscriptionPath, contestId?: number) {
  const queryClient = useQueryClient();
  return useCallback(() => {
    for (const stale of staleOnEvent[event] ?? []) {
      if (typeof stale === 'string') {
        void queryClient.invalidateQueries({ queryKey: [stale.split('.')] });
      } else {
        // tRPC's key of a query's answers for one input: [path, { input }] (a partial match).
        void queryClient.invalidateQueries({
          queryKey: [stale.path.split('.'), { input: { contestId } }],
        });
      }
    }
  }, [queryClient, event, contestId]);
}
