// The procedure paths of the app's router, as types: a typo in a declaration of what a mutation
// makes stale (staleAfter.ts) fails the typecheck instead of refreshing nothing.
import type {
  AnyMutationProcedure,
  AnyProcedure,
  AnyQueryProcedure,
  AnySubscriptionProcedure,
  TRPCRouterRecord,
} from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/routers/_app';

type Record_ = AppRouter['_def']['record'];

/** 'a.b.c' for every procedure of the given kind; with `Routers`, every router's path too. */
type PathsOf<R, Kind, Routers extends boolean, Prefix extends string = ''> = {
  [K in keyof R & string]: R[K] extends AnyProcedure
    ? R[K] extends Kind
      ? `${Prefix}${K}`
      : never
    : R[K] extends TRPCRouterRecord
      ? | (Routers extends true ? `${Prefix}${K}` : never)
        | PathsOf<R[K], Kind, Routers, `${Prefix}${K}.`>
      : never;
}[keyof R & string];

/** A mutation's path, e.g. 'contests.update'. */
export type MutationPath = PathsOf<Record_, AnyMutationProcedure, false>;

/** What can go stale: a query ('contests.list') or a whole router's queries ('contests'). */
export type QueryPath = PathsOf<Record_, AnyQueryProcedure, true>;

/** A live stream's path, e.g. 'payments.onChange'. */
export type SubscriptionPath = PathsOf<Record_, AnySubscriptionProcedure, false>;
