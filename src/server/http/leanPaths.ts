// The two hottest paths, answered before Express sees the request (issue 17: Express's router and
// the Fetch-API round trip of tRPC's adapter cost most of a cheap request): the liveness answer
// and tRPC queries read by GET, single or batched. Each does what the middleware chain in app.ts
// does for it (metrics, request log and id, security headers, no-store, compression above 1 KB)
// and then calls the procedures with the same context, middlewares, error shapes and superjson
// as the adapter. Anything unusual (a subscription, a mutation, an unknown procedure, input that
// does not parse, a streaming or oversized batch) goes on to Express and the adapter, so its
// answer is exactly the adapter's.
import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyaddr from 'proxy-addr';
import type { TRPCError } from '@trpc/server';
import {
  getErrorShape,
  getHTTPStatusCode,
  getTRPCErrorFromUnknown,
  isAsyncIterable,
  isTrackedEnvelope,
  sseHeaders,
  type AnyProcedure,
  type TRPCResponse,
} from '@trpc/server/unstable-core-do-not-import';
import type { Metrics } from '../platform/metrics';
import { appRouter } from '../trpc/routers/_app';
import { createContext, type AppDeps, type Context } from '../trpc/context';
import { asClientError } from '../platform/errorMapping';
import { sendJsonText } from './json';
import { requestIdFor, startRequestLog } from './requestLog';
import { securityHeaderList } from './security';
import { onTrpcError, retryAfterOf } from './trpcHooks';

/** As the client's batch link sends at most (src/client/main.tsx) and the adapter allows. */
const MAX_BATCH = 10;

type TrustFn = (address: string, index: number) => boolean;

interface LeanOptions {
  deps: AppDeps;
  metrics: Metrics;
  /** Express's compiled 'trust proxy' setting, so the address and scheme read the same. */
  trust: TrustFn;
}

interface QueryCall {
  path: string;
  procedure: AnyProcedure;
  input: unknown;
}

const config = appRouter._def._config;
// At run time a flat record by dotted path (the type describes the nested router).
const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure | undefined>;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The calls a GET /trpc/... asks for, when the lean path can answer all of them; undefined sends
 * the request on to the adapter.
 */
function queryCalls(
  req: IncomingMessage,
  url: string,
): { calls: QueryCall[]; batch: boolean; subscription: boolean } | undefined {
  if (req.headers['trpc-accept'] !== undefined) return undefined;
  const q = url.indexOf('?');
  let names: string;
  try {
    names = decodeURIComponent(q < 0 ? url.slice(6) : url.slice(6, q));
  } catch {
    return undefined;
  }
  const params = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
  if (params.has('connectionParams')) return undefined;
  const batch = params.get('batch') === '1';
  const paths = batch ? names.split(',') : [names];
  if (paths.length > MAX_BATCH) return undefined;
  const calls: QueryCall[] = [];
  for (const path of paths) {
    const procedure = procedures[path];
    if (!procedure) return undefined;
    const type = procedure._def.type;
    // A live stream alone (never batched), or queries.
    if (type !== 'query' && !(type === 'subscription' && !batch)) return undefined;
    calls.push({ path, procedure, input: undefined });
  }
  const subscription = calls[0]!.procedure._def.type === 'subscription';
  const raw = params.get('input');
  if (!raw) return { calls, batch, subscription };
  try {
    const inputs: unknown = JSON.parse(raw);
    if (!batch) {
      calls[0]!.input = config.transformer.input.deserialize(inputs);
    } else {
      if (!isPlainObject(inputs)) return undefined;
      calls.forEach((call, index) => {
        const input = inputs[index];
        if (input !== undefined) call.input = config.transformer.input.deserialize(input);
      });
    }
  } catch {
    return undefined;
  }
  return { calls, batch, subscription };
}

/** The address and scheme as Express reads them (req.ip, req.secure) under 'trust proxy'. */
function addressOf(req: IncomingMessage, trust: TrustFn): { ip: string; secure: boolean } {
  const tls = Boolean((req.socket as { encrypted?: boolean }).encrypted);
  let secure = tls;
  if (trust(req.socket.remoteAddress ?? '', 0)) {
    const header = req.headers['x-forwarded-proto'];
    const proto = (typeof header === 'string' ? header : '').split(',')[0]!.trim();
    if (proto) secure = proto === 'https';
  }
  return { ip: proxyaddr(req, trust), secure };
}

async function answerQueries(
  { deps, trust }: LeanOptions,
  req: IncomingMessage,
  res: ServerResponse,
  reqId: string,
  { calls, batch }: { calls: QueryCall[]; batch: boolean },
): Promise<void> {
  const { ip, secure } = addressOf(req, trust);
  // Read by the security-event lines (requestLog.ts), as on Express's request.
  Object.assign(req, { ip, secure });
  const onError = onTrpcError(deps.logger);
  let ctx: Context | undefined;
  let ctxError: TRPCError | undefined;
  try {
    ctx = await createContext(deps, req as typeof req & { ip: string; secure: boolean }, res);
  } catch (cause) {
    ctxError = getTRPCErrorFromUnknown(cause);
  }
  const errors: TRPCError[] = [];
  const results = await Promise.all(
    calls.map(async ({ path, procedure, input }, batchIndex): Promise<TRPCResponse> => {
      try {
        if (ctxError) throw ctxError;
        const data: unknown = await procedure({
          path,
          getRawInput: () => Promise.resolve(input),
          ctx,
          type: 'query',
          signal: undefined,
          batchIndex,
        });
        return { result: { data } };
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        errors.push(error);
        onError({ error, path, req });
        return { error: getErrorShape({ config, error, type: 'query', path, input, ctx }) };
      }
    }),
  );
  const headers = [
    ...securityHeaderList(secure),
    'X-Request-Id',
    reqId,
    'Cache-Control',
    'no-store',
    'Content-Type',
    'application/json',
    'Vary',
    'trpc-accept, accept, Accept-Encoding',
  ];
  const retryAfter = retryAfterOf(errors);
  if (retryAfter) headers.push('Retry-After', String(retryAfter));
  // As tRPC's transformTRPCResponse writes these two shapes, without its copies of each.
  const serialize = config.transformer.output.serialize;
  const wire = results.map((item) =>
    'error' in item
      ? { error: serialize(item.error) }
      : { result: { data: serialize(item.result.data) } },
  );
  const body = JSON.stringify(batch ? wire : wire[0]);
  await sendJsonText(req, res, getHTTPStatusCode(results), body, headers);
}

/** An event as tRPC's SSE producer writes it (sseStreamProducer), in one write. */
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

/**
 * A live stream (leaderboard.onChange, payments.onChange) as tRPC's adapter serves it over
 * server-sent events, each event in one write (the adapter's web stream writes every line on its
 * own, which at a thousand viewers of one contest made each change cost a third of a second of
 * CPU). A refusal (not signed in, a hidden contest) is left to the adapter: false, nothing sent.
 */
async function openStream(
  { deps, trust }: LeanOptions,
  req: IncomingMessage,
  res: ServerResponse,
  reqId: string,
  { path, procedure, input }: QueryCall,
): Promise<boolean> {
  const { ip, secure } = addressOf(req, trust);
  Object.assign(req, { ip, secure });
  // As the adapter does: the client's Last-Event-ID (header or query) joins the input.
  const url = new URL(req.url ?? '', 'http://local');
  const lastEventId =
    (req.headers['last-event-id'] as string | undefined) ??
    url.searchParams.get('lastEventId') ??
    url.searchParams.get('Last-Event-Id');
  if (lastEventId) {
    input = isPlainObject(input) ? { ...input, lastEventId } : (input ?? { lastEventId });
  }
  const abort = new AbortController();
  res.on('close', () => abort.abort());
  let iterable: unknown;
  let ctx: Context;
  try {
    ctx = await createContext(deps, req as typeof req & { ip: string; secure: boolean }, res);
    iterable = await procedure({
      path,
      getRawInput: () => Promise.resolve(input),
      ctx,
      type: 'subscription',
      signal: abort.signal,
      batchIndex: 0,
    });
  } catch {
    return false;
  }
  if (!isAsyncIterable(iterable)) return false;
  res.writeHead(200, [
    ...securityHeaderList(secure),
    'X-Request-Id',
    reqId,
    'Vary',
    'trpc-accept, accept',
    ...Object.entries(sseHeaders).flat(),
  ]);
  res.write(CONNECTED);
  const ping = PING_MS ? setInterval(() => res.write(PING), PING_MS) : undefined;
  try {
    for await (const value of iterable) {
      if (res.destroyed) break;
      const [id, data] = isTrackedEnvelope(value) ? [value[0], value[1]] : [undefined, value];
      res.write(frame({ data: JSON.stringify(config.transformer.output.serialize(data)), id }));
    }
    if (!res.destroyed) res.write(frame({ event: 'return', data: '' }));
  } catch (cause) {
    if (!abort.signal.aborted && !res.destroyed) {
      // A service's refusal mid-stream (a stream closed for a newer one: 503) as the client
      // should hear it, not as a failure of ours.
      const error = asClientError(cause) ?? getTRPCErrorFromUnknown(cause);
      onTrpcError(deps.logger)({ error, path, req });
      const shape = getErrorShape({ config, error, type: 'subscription', path, input, ctx });
      res.write(
        frame({
          event: 'serialized-error',
          data: JSON.stringify(config.transformer.output.serialize(shape)),
        }),
      );
    }
  } finally {
    clearInterval(ping);
    res.end();
  }
  return true;
}

/**
 * Requests the lean paths began and then handed to Express (a refused stream), with their id:
 * Express's first layer must not count and log them a second time.
 */
export const handedOver = new WeakMap<IncomingMessage, string>();

const HEALTH_BODY = JSON.stringify({ status: 'ok' });
const HEALTH_HEADERS = [
  'Cache-Control',
  'no-store',
  'Content-Type',
  'application/json; charset=utf-8',
  'Content-Length',
  String(HEALTH_BODY.length),
];

/**
 * Answers the request when it is one of the lean paths (true), else leaves it untouched for
 * Express (false).
 */
export function createLeanPaths(
  options: LeanOptions,
  /** Hands a request to Express after all (a refused stream), as if the lean path had not seen it. */
  fallBack: (req: IncomingMessage, res: ServerResponse) => void,
) {
  const { deps, metrics, trust } = options;
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET') return false;
    const url = req.url ?? '';
    if (url === '/api/health') {
      metrics.observe(req, res);
      const reqId = requestIdFor(req);
      // Its line is at debug (a supervisor asks every few seconds): nothing to do without it.
      if (deps.logger.isLevelEnabled('debug')) startRequestLog(deps.logger, req, res, reqId);
      res.writeHead(200, [
        ...securityHeaderList(addressOf(req, trust).secure),
        ...HEALTH_HEADERS,
        'X-Request-Id',
        reqId,
      ]);
      res.end(HEALTH_BODY);
      return true;
    }
    if (!url.startsWith('/trpc/')) return false;
    const asked = queryCalls(req, url);
    if (!asked) return false;
    metrics.observe(req, res);
    const reqId = requestIdFor(req);
    startRequestLog(deps.logger, req, res, reqId);
    if (asked.subscription) {
      openStream(options, req, res, reqId, asked.calls[0]!)
        .then((served) => {
          // Refused: the adapter answers it as it always has (a serialized error in the stream).
          if (!served && !res.headersSent) {
            handedOver.set(req, reqId);
            fallBack(req, res);
          }
        })
        .catch((error: unknown) => {
          deps.logger.error({ err: error }, 'lean stream failed');
          res.destroy();
        });
      return true;
    }
    answerQueries(options, req, res, reqId, asked).catch((error: unknown) => {
      // Procedures' errors are answered above; this is a failure of the path itself.
      deps.logger.error({ err: error }, 'lean query path failed');
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({ message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' }),
        );
      } else res.destroy();
    });
    return true;
  };
}
