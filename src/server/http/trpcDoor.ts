// /trpc, answered on the node:http server ahead of Express (requestHandler.ts): the cross-site
// guard and the JSON body rule, the live streams' writer, and tRPC's own node adapter for every
// query and mutation, single or batched (and whatever the live streams leave). The request has
// had what every request gets (metrics, log line and id, security headers, no-store).
import type { ServerResponse } from 'node:http';
import { nodeHTTPRequestHandler } from '@trpc/server/adapters/node-http';
import { createContext, type AppDeps } from '../trpc/context';
import { appRouter } from '../trpc/routers/_app';
import { compressAnswers } from './json';
import { liveStreams } from './liveStreams';
import type { AddressedRequest } from './requestAddress';
import { crossSiteGuard, nonJsonBody, refuse } from './security';
import { onTrpcError, retryAfterOf } from './trpcHooks';

export interface TrpcDoorOptions {
  /**
   * false: live streams too through tRPC's adapter, not its one-write-per-event writer
   * (liveStreams.ts). Only the tests that compare the two answers set it.
   */
  liveStreams?: boolean;
}

/** The handler of a request whose path is /trpc/...; `pathname` is that path, without query. */
export function trpcDoor(deps: AppDeps, options: TrpcDoorOptions = {}) {
  const crossSite = crossSiteGuard(deps);
  const streams = options.liveStreams === false ? undefined : liveStreams(deps);
  const onError = onTrpcError(deps.logger);
  return (req: AddressedRequest, res: ServerResponse, pathname: string): void => {
    const refusal = crossSite(req) ?? nonJsonBody(req);
    if (refusal) return refuse(res, refusal);
    // As tRPC's Express adapter reads it: the last segment names the procedure(s).
    const path = pathname.slice(pathname.lastIndexOf('/') + 1);
    const adapter = () =>
      void nodeHTTPRequestHandler({
        router: appRouter,
        req,
        res,
        path,
        // Procedures log through the request's own logger, so their lines carry its id.
        createContext: () => createContext(deps, req, res),
        maxBodySize: 100 * 1024,
        // The client's batch link sends at most 10 calls at once (src/client/main.tsx).
        maxBatchSize: 10,
        onError,
        responseMeta: ({ errors }) => {
          const retryAfter = retryAfterOf(errors);
          return retryAfter ? { headers: new Headers({ 'Retry-After': String(retryAfter) }) } : {};
        },
      });
    compressAnswers(req, res, streams ? () => streams(req, res, path, adapter) : adapter);
  };
}
