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
  transformTRPCResponse,
  type AnyProcedure,
  type TRPCResponse,
} from '@trpc/server/unstable-core-do-not-import';
import type { Metrics } from '../platform/metrics';
import { appRouter } from '../trpc/routers/_app';
import { createContext, type AppDeps, type Context } from '../trpc/context';
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
): { calls: QueryCall[]; batch: boolean } | undefined {
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
    if (!procedure || procedure._def.type !== 'query') return undefined;
    calls.push({ path, procedure, input: undefined });
  }
  const raw = params.get('input');
  if (!raw) return { calls, batch };
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
  return { calls, batch };
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
    ctx = await createContext(deps, { headers: req.headers, ip, secure }, res);
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
  const body = JSON.stringify(
    batch ? transformTRPCResponse(config, results) : transformTRPCResponse(config, results[0]!),
  );
  await sendJsonText(req, res, getHTTPStatusCode(results), body, headers);
}

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
export function createLeanPaths(options: LeanOptions) {
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
