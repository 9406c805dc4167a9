// The tRPC instance and the only procedures routers may build on.
import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { MSG } from '../shared/messages';
import type { Context } from './context';
import { AppError } from './services/errors';
import { getPlatformSettings } from './services/settings';

interface IssueLike {
  message: string;
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>;
}

/** Issues of a validation failure (zod or any standard schema), if that is what the error is. */
export function validationIssues(error: unknown): IssueLike[] | undefined {
  const cause = error instanceof TRPCError ? error.cause : error;
  const issues = (cause as { issues?: unknown } | undefined)?.issues;
  return Array.isArray(issues) && issues.length ? (issues as IssueLike[]) : undefined;
}

function issuePath(issue: IssueLike): string {
  return (issue.path ?? [])
    .map((p) => (typeof p === 'object' ? String(p.key) : String(p)))
    .join('.');
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  // Never send stack traces, whatever NODE_ENV says.
  isDev: false,
  errorFormatter({ shape, error }) {
    const issues = validationIssues(error);
    let message = shape.message;
    if (error.code === 'INTERNAL_SERVER_ERROR') message = 'Internal server error';
    else if (issues) message = issues[0]!.message;
    else if (error.code === 'PAYLOAD_TOO_LARGE') message = 'Request body is too large';
    else if (error.cause instanceof SyntaxError) message = 'Malformed JSON body';
    return {
      ...shape,
      message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        issues: issues?.map((i) => ({ path: issuePath(i), message: i.message })),
        retryAfter: error.cause instanceof AppError ? error.cause.retryAfter : undefined,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: cause.code, message: cause.message, cause });
  }
  return result;
});

// What still answers during maintenance: who am I, sign in/out, and the public settings.
const MAINTENANCE_OPEN = new Set(['auth.me', 'auth.login', 'auth.logout', 'settings.public']);

const maintenanceGate = t.middleware(({ ctx, path, next }) => {
  if (
    !MAINTENANCE_OPEN.has(path) &&
    ctx.user?.role !== 'admin' &&
    getPlatformSettings({ db: ctx.db }).maintenanceMode
  ) {
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: MSG.maintenance });
  }
  return next();
});

export const publicProcedure = t.procedure.use(mapAppErrors).use(maintenanceGate);

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: MSG.notSignedIn });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

export const moderatorProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'moderator' && ctx.user.role !== 'admin') {
    throw new TRPCError({ code: 'FORBIDDEN', message: MSG.forbidden });
  }
  return next();
});

export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: MSG.forbidden });
  return next();
});
