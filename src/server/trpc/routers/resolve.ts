// What many procedures' resolvers do alike, written once: hand the input with the database and
// the caller to an area's function, run a change in one transaction, answer a bare success or a
// deletion, and open a live stream as tRPC's tracked events. Each procedure still declares its
// access, input and output itself; these are only the bodies.
import { tracked } from '@trpc/server';
import type { Actor } from '../../platform/actor';
import type { LiveEvent } from '../../platform/events';
import type { Context } from '../context';

/** What a signed-in procedure's context holds for these resolvers. */
export interface SignedInContext {
  db: Context['db'];
  actor: Actor;
}

type CallerFields = 'db' | 'actor';

/** The answer of a change that has nothing else to say. */
export const ok = { success: true as const };

/** Awaits a change, then answers `ok`. */
export async function okAfter(change: Promise<unknown>): Promise<typeof ok> {
  await change;
  return ok;
}

/** fn({ db, actor, ...input }): an area's function that acts as the caller on the input's fields. */
export function asActor<A extends Record<CallerFields, unknown>, O>(fn: (args: A) => O) {
  return ({ ctx, input }: { ctx: SignedInContext; input: Omit<A, CallerFields> }) =>
    fn({ db: ctx.db, actor: ctx.actor, ...input } as A);
}

/** fn({ db, viewer, ...input }): an area's read of what the caller may see. */
export function asViewer<A extends Record<'db' | 'viewer', unknown>, O>(fn: (args: A) => O) {
  return ({ ctx, input }: { ctx: SignedInContext; input: Omit<A, 'db' | 'viewer'> }) =>
    fn({ db: ctx.db, viewer: ctx.actor, ...input } as A);
}

/** A deletion by id as the caller, answered `{ success: true, id }`. */
export function deleteById(
  fn: (args: { db: Context['db']; actor: Actor; id: number }) => Promise<unknown>,
) {
  return async ({ ctx, input }: { ctx: SignedInContext; input: { id: number } }) => {
    await fn({ db: ctx.db, actor: ctx.actor, id: input.id });
    return { ...ok, id: input.id };
  };
}

/** fn(tx, actor, input) in one transaction: a change of several rows that stands or falls whole. */
export function inTransaction<I, O>(
  fn: (
    tx: Parameters<Parameters<Context['db']['transaction']>[0]>[0],
    actor: Actor,
    input: I,
  ) => Promise<O>,
) {
  return ({ ctx, input }: { ctx: SignedInContext; input: I }) =>
    ctx.db.transaction((tx) => fn(tx, ctx.actor, input));
}

/** A live stream's events as tRPC's tracked events (the id is the client's Last-Event-ID). */
async function* trackedEvents<T>(events: AsyncIterable<LiveEvent<T>>) {
  for await (const event of events) yield tracked(event.id, event.change);
}

/** Opens a stream of one channel (named by the input) for a viewer, from the last event id seen. */
type ViewerChanges<I, T> = (
  args: I & {
    db: Context['db'];
    viewerId: number;
    lastEventId?: string | null;
    signal?: AbortSignal;
  },
) => Promise<AsyncIterable<LiveEvent<T>>>;

/** What a stream's input carries besides the channel's name: where to resume. */
type StreamInput<I> = I & { lastEventId?: string | null };

/**
 * The subscription to a live stream the caller may open only if they may see what it is about
 * (a contest, a topic): checked by the area's own rule before the stream starts.
 */
export function visibleChanges<I extends object, T>(
  assertVisible: (db: Context['db'], viewer: Actor, input: StreamInput<I>) => Promise<unknown>,
  changes: ViewerChanges<I, T>,
) {
  return async ({
    ctx,
    input,
    signal,
  }: {
    ctx: SignedInContext;
    input: StreamInput<I>;
    signal?: AbortSignal;
  }) => {
    await assertVisible(ctx.db, ctx.actor, input);
    // Listening before the answer: a change made once the stream is open is never missed.
    const events = await changes({ db: ctx.db, ...input, viewerId: ctx.actor.id, signal });
    return trackedEvents(events);
  };
}

/**
 * The subscription to a contest's live stream: who may see the contest is checked (by the area's
 * own rule) before the stream starts.
 */
export function contestChanges<T>(
  assertVisible: (db: Context['db'], viewer: Actor, contestId: number) => Promise<unknown>,
  changes: ViewerChanges<{ contestId: number }, T>,
) {
  return visibleChanges<{ contestId: number }, T>(
    (db, viewer, input) => assertVisible(db, viewer, input.contestId),
    changes,
  );
}

/** Opens a stream of the caller's own channel, from the last event id the client saw. */
type OwnChanges<T> = (args: {
  db: Context['db'];
  userId: number;
  lastEventId?: string | null;
  signal?: AbortSignal;
}) => Promise<AsyncIterable<LiveEvent<T>>>;

/** The subscription to the caller's own channel of a live stream (never anyone else's). */
export function ownChanges<T>(changes: OwnChanges<T>) {
  return async ({
    ctx,
    input,
    signal,
  }: {
    ctx: SignedInContext;
    input: { lastEventId?: string | null };
    signal?: AbortSignal;
  }) => {
    // Listening before the answer: a change made once the stream is open is never missed.
    const events = await changes({
      db: ctx.db,
      userId: ctx.actor.id,
      lastEventId: input.lastEventId,
      signal,
    });
    return trackedEvents(events);
  };
}
