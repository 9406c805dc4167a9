// The REST adapter of SPEC 7: the rows of every area (rest/<area>.ts), each calling the same tRPC
// procedure the client uses through a caller built from the request's own context, mounted as
// Express routes.
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
  type Router,
} from 'express';
import type { AppDeps } from '../../trpc/context';
import { createContext } from '../../trpc/context';
import { createCaller } from '../../trpc/routers/_app';
import { labelRoute } from '../../platform/metrics';
import { sendJson } from '../json';
import { clientErrorOf } from '../security';
import { sendError } from '../errorResponse';
import type {
  CallProcedure,
  InputArgs,
  OutputOf,
  ProcedurePath,
  RestRequest,
  RestRoute,
} from './row';
import { accountRows } from './accounts';
import { adminRows } from './admin';
import { contestRows } from './contests';
import { participationRows } from './participation';
import { tournamentRows } from './tournaments';
import { moneyRows } from './money';
import { educationRows } from './education';
import { messageRows } from './messages';
import { operationRows } from './operations';
import { resultRows } from './results';
import { submissionRows } from './submissions';
import { tradingRows } from './trading';
import { discussionRows } from './discussion';
import { reportRows } from './reports';

export type { RestRoute } from './row';

/**
 * Every row. Rows of one first segment keep their order within their area's file (a literal
 * segment before a parameter of the same place: '/contests/drafts' before '/contests/:idOrSlug');
 * rows of different areas never compete for one path.
 */
export const restRoutes: readonly RestRoute[] = [
  ...accountRows,
  ...adminRows,
  ...contestRows,
  ...participationRows,
  ...tournamentRows,
  ...moneyRows,
  ...educationRows,
  ...messageRows,
  ...operationRows,
  ...resultRows,
  ...submissionRows,
  ...tradingRows,
  ...discussionRows,
  ...reportRows,
];

/** A caller's procedure by its path ('contests.update'): the procedure validates the input. */
type CallerTree = Record<string, Record<string, (input: unknown) => Promise<unknown>>>;

function callerOf(tree: CallerTree): CallProcedure {
  function call<P extends ProcedurePath>(
    procedure: P,
    ...input: InputArgs<P>
  ): Promise<OutputOf<P>>;
  function call(procedure: string, input?: unknown): Promise<unknown> {
    const [area, name] = procedure.split('.') as [string, string];
    return tree[area]![name]!(input);
  }
  return call;
}

/** A file row's answer (RestRoute.file): the procedure's text, or bytes from base64. */
function sendFile(res: Response, route: RestRoute, output: unknown, req: RestRequest): void {
  const file = route.file!;
  const text = String(output);
  const name = file.name(req);
  res.status(route.status ?? 200);
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Disposition', `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.end(file.base64 ? Buffer.from(text, 'base64') : text);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What answers one row: the request's context, the row's procedure, the JSON answer. */
function rowHandler(route: RestRoute, deps: AppDeps) {
  const label = `${route.method.toUpperCase()} /api${route.path}`;
  return async (req: Request, res: Response, next: NextFunction) => {
    if (route.query && !Object.entries(route.query).every(([k, v]) => req.query[k] === v)) {
      return next();
    }
    labelRoute(res, label);
    try {
      const ctx = await createContext(deps, req, res);
      const request: RestRequest = {
        body: (req.body ?? {}) as Record<string, unknown>,
        params: req.params as Record<string, string>,
        query: req.query as Record<string, unknown>,
        setHeader: (name, value) => res.setHeader(name, value),
      };
      const result = await route.call(
        callerOf(createCaller(ctx) as unknown as CallerTree),
        request,
      );
      if (route.file) sendFile(res, route, result, request);
      else sendJson(res, route.status ?? 200, result);
    } catch (error) {
      sendError(res, error, deps);
    }
  };
}

/** '/user' of '/user/payment': the first segment of a path under /api. */
const segmentOf = (path: string) => path.split('/')[1]!;

/**
 * The rows as Express routes, one router per first segment (/user, /contests, ...), in the
 * table's order: a request is matched against its own group's rows, not against every row in
 * turn. Each row's route is its path below the segment (a router mounted at it) or, `whole`, its
 * whole path (a router the request is handed to directly).
 */
function groupRouters(rows: readonly RestRoute[], deps: AppDeps, whole: boolean) {
  const groups = new Map<string, Router>();
  for (const route of rows) {
    const segment = segmentOf(route.path);
    let group = groups.get(segment);
    if (!group) groups.set(segment, (group = express.Router()));
    const path = whole ? route.path : route.path.slice(segment.length + 1) || '/';
    group[route.method](path, rowHandler(route, deps));
  }
  return groups;
}

/** The rows mounted under their first segments; a request no row answers goes on (next()). */
function mountRows(api: Router, rows: readonly RestRoute[], deps: AppDeps): void {
  for (const [segment, group] of groupRouters(rows, deps, false)) api.use(`/${segment}`, group);
}

const isRead = (route: RestRoute) => route.method === 'get';

/**
 * The REST reads (GET and HEAD of the GET rows), on /api ahead of the app's upload, import and
 * sign-in routers (app.ts): a read has no body and needs none of them, and each router it would
 * otherwise pass through costs a match. The request's first segment picks its group's rows (each
 * at its whole path) by one lookup: no router level or prefix scan in between, each of which
 * costs a match and a rewrite of the URL per request. Whatever no read row answers (a path in
 * other letter case too) goes on to the rest of the app, where the whole table
 * (createRestRouter) answers it as before: a 404, or OPTIONS with every method of the path.
 */
export function createRestReads(deps: AppDeps): RequestHandler {
  const groups = groupRouters(restRoutes.filter(isRead), deps, true);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const end = req.url.slice(1).search(/[/?]/);
    const group = groups.get(end < 0 ? req.url.slice(1) : req.url.slice(1, end + 1));
    if (group) group(req, res, next);
    else next();
  };
}

/** The whole table, with the JSON body parser for writes and a 404 for what no row answers. */
export function createRestRouter(deps: AppDeps): Router {
  const api = express.Router();
  // Reads carry no body: they skip the parser's work altogether.
  const json = express.json({ limit: '100kb' });
  api.use((req, res, next) => (SAFE_METHODS.has(req.method) ? next() : json(req, res, next)));
  mountRows(api, restRoutes, deps);
  api.use((_req: Request, res: Response) => {
    res.status(404).json({ message: 'Not found', code: 'NOT_FOUND' });
  });
  // Body-parser failures arrive here: they are the client's fault, never a 500.
  api.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const clientError = clientErrorOf(error);
    if (!clientError) return sendError(res, error, deps);
    res.status(clientError.status).json({ message: clientError.message, code: clientError.code });
  });
  return api;
}
