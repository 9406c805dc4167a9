// The live streams (leaderboard.onChange and the other subscriptions) written as tRPC's adapter
// writes them over server-sent events, but each event in one write. The adapter's web streams
// write every line of an event on its own (four writes, each through three stream stages), which
// at a thousand viewers of one contest made each change cost a third of a second of CPU.
//
// It stands on /trpc in front of tRPC's adapter (trpcDoor.ts), after everything every request
// gets (requestHandler.ts: metrics, log line and id, security headers). It calls the procedure
// through tRPC's public caller, and leaves everything it does not serve to the adapter: a refusal
// before the stream opens (not signed in, a hidden contest), input that does not parse, a batch,
// or a request in one of the client's other modes (trpc-accept, connectionParams).
import type { ServerResponse } from 'node:http';
import { getTRPCErrorShape, getTRPCErrorFromUnknown, isTrackedEnvelope } from '@trpc/server';
import type pino from 'pino';
import { appRouter, createCaller } from '../trpc/routers/_app';
import { createContext, type AppDeps, type Context } from '../trpc/context';
import { asClientError } from '../platform/errorMapping';
import { transformer } from '../trpc/transformer';
import { onTrpcError } from './trpcHooks';
import type { AddressedRequest } from './requestAddress';

type Caller = ReturnType<typeof createCaller>;
type Open = (caller: Caller, input: unknown) => Promise<AsyncIterable<unknown>>;

/**
 * Every subscription of the router, each opened through the typed caller (so a renamed one fails
 * the typecheck). Its input is checked by the procedure's own schema, as the adapter's would be.
 */
const STREAMS: Record<string, Open> = {
  'leaderboard.onChange': (caller, input) =>
    caller.leaderboard.onChange(input as Parameters<Caller['leaderboard']['onChange']>[0]),
  'payments.onChange': (caller, input) =>
    caller.payments.onChange(input as Parameters<Caller['payments']['onChange']>[0]),
  'notifications.onChange': (caller, input) =>
    caller.notifications.onChange(input as Parameters<Caller['notifications']['onChange']>[0]),
  'tournaments.bracketChanges': (caller, input) =>
    caller.tournaments.bracketChanges(
      input as Parameters<Caller['tournaments']['bracketChanges']>[0],
    ),
  'discussionLive.onTopic': (caller, input) =>
    caller.discussionLive.onTopic(input as Parameters<Caller['discussionLive']['onTopic']>[0]),
  'discussionLive.onTopics': (caller, input) =>
    caller.discussionLive.onTopics(input as Parameters<Caller['discussionLive']['onTopics']>[0]),
};

// The router's root options (error formatter, sse settings), read only: tRPC's error shape and
// its stream settings come from them, as in its own adapters.
const config = appRouter._def._config;

/** The response headers the adapter sends with a stream (tRPC's sseHeaders and its Vary). */
const STREAM_HEADERS: Record<string, string> = {
  Vary: 'trpc-accept, accept',
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
  Connection: 'keep-alive',
};

/** An event as tRPC's SSE producer writes it, in one write. */
function frame(fields: { event?: string; data?: string; id?: string }): string {
  let text = '';
  if (fields.event !== undefined) text += `event: ${fields.event}\n`;
  if (fields.data !== undefined) text += `data: ${fields.data}\n`;
  if (fields.id !== undefined) text += `id: ${fields.id}\n`;
  return `${text}\n\n`;
}

const sse = config.sse ?? {};
const CONNECTED = frame({ event: 'connected', data: JSON.stringify(sse.client ?? {}) });
const PING = frame({ event: 'ping', data: '' });
const PING_MS = sse.ping?.enabled ? (sse.ping.intervalMs ?? 1000) : 0;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isAsyncIterable = (v: unknown): v is AsyncIterable<unknown> =>
  typeof v === 'object' && v !== null && Symbol.asyncIterator in v;

/** The stream's input, as the adapter reads it; undefined when it does not parse (adapter). */
function inputOf(req: AddressedRequest, query: URLSearchParams): { input: unknown } | undefined {
  const raw = query.get('input') ?? undefined;
  let input: unknown;
  if (raw) {
    try {
      input = transformer.input.deserialize(JSON.parse(raw));
    } catch {
      return undefined;
    }
  }
  // As the adapter does: the client's Last-Event-ID (header or query) joins the input.
  const header = req.headers['last-event-id'];
  const asked = query.get('lastEventId') ?? query.get('Last-Event-Id');
  const lastEventId = typeof header === 'string' ? header : (asked ?? '');
  if (lastEventId) {
    input = isPlainObject(input) ? { ...input, lastEventId } : (input ?? { lastEventId });
  }
  return { input };
}

async function serve(
  deps: AppDeps,
  path: string,
  open: Open,
  req: AddressedRequest,
  res: ServerResponse,
  query: URLSearchParams,
): Promise<boolean> {
  const asked = inputOf(req, query);
  if (!asked) return false;
  const { input } = asked;
  const abort = new AbortController();
  res.on('close', () => abort.abort());
  let ctx: Context;
  let iterable: unknown;
  try {
    ctx = await createContext(deps, req, res);
    iterable = await open(createCaller(ctx, { signal: abort.signal }), input);
  } catch {
    return false;
  }
  if (!isAsyncIterable(iterable)) return false;
  res.writeHead(200, STREAM_HEADERS);
  res.write(CONNECTED);
  const ping = PING_MS ? setInterval(() => res.write(PING), PING_MS) : undefined;
  try {
    for await (const value of iterable) {
      if (res.destroyed) break;
      const [id, data] = isTrackedEnvelope(value) ? [value[0], value[1]] : [undefined, value];
      res.write(frame({ data: JSON.stringify(transformer.output.serialize(data)), id }));
    }
    if (!res.destroyed) res.write(frame({ event: 'return', data: '' }));
  } catch (cause) {
    if (!abort.signal.aborted && !res.destroyed) {
      // A service's refusal mid-stream (a stream closed for a newer one: 503) as the client
      // should hear it, not as a failure of ours.
      const error = asClientError(cause) ?? getTRPCErrorFromUnknown(cause);
      onTrpcError(deps.logger)({ error, path, req });
      const shape = getTRPCErrorShape({ config, error, type: 'subscription', path, input, ctx });
      const data = JSON.stringify(transformer.output.serialize(shape));
      res.write(frame({ event: 'serialized-error', data }));
    }
  } finally {
    clearInterval(ping);
    res.end();
  }
  return true;
}

/**
 * The /trpc handler for live streams (`path`: the procedure's name); every other request goes
 * on to tRPC's adapter (`next`).
 */
export function liveStreams(deps: AppDeps, logger: pino.Logger = deps.logger) {
  return (req: AddressedRequest, res: ServerResponse, path: string, next: () => void): void => {
    if (req.method !== 'GET' || req.headers['trpc-accept'] !== undefined) return next();
    const open = Object.hasOwn(STREAMS, path) ? STREAMS[path] : undefined;
    if (!open) return next();
    const url = req.url ?? '';
    const query = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
    if (query.has('batch') || query.has('connectionParams')) return next();
    serve(deps, path, open, req, res, query)
      .then((served) => {
        // Refused before it opened: the adapter answers as it always has.
        if (!served && !res.headersSent) next();
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'live stream failed');
        res.destroy();
      });
  };
}
