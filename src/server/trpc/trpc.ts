// The tRPC instance and the only procedures routers may build on.
import { initTRPC, TRPCError } from '@trpc/server';
import { MSG } from '../../shared/messages';
import type { Context } from './context';
import { asClientError, clientFailure } from '../platform/errorMapping';
import { getPlatformSettings } from '../domain/settings';
import { assertPasswordChosen } from '../domain/accounts/users';
import { assertTwoFactorSetUp } from '../domain/accounts/twoFactor';
import { transformer } from './transformer';

/**
 * Who may call a procedure, declared once on it and enforced by `admit` below:
 * 'anonymous' = anyone (banned sessions are treated as signed out), 'member' = any signed-in,
 * non-banned account, 'moderator' = moderators and admins, 'admin' = admins only.
 */
export type Access = 'anonymous' | 'member' | 'moderator' | 'admin';

export interface ProcedureMeta {
  access: Access;
  /** Still answers while the platform is in maintenance (who am I, sign in/out, settings). */
  openInMaintenance?: boolean;
  /**
   * Answers a member who still has to replace a temporary password (changing it). Every
   * other procedure but the 'anonymous' ones refuses them with reason 'password_change_required'.
   */
  duringPasswordChange?: boolean;
  /**
   * Answers a moderator or admin whom the platform requires to set up two-factor sign-in and who
   * has not yet (setting it up). Every other procedure but the 'anonymous' ones refuses them with
   * reason 'two_factor_setup_required'; a temporary password still comes first.
   */
  duringTwoFactorSetup?: boolean;
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    transformer,
    // Never send stack traces, whatever NODE_ENV says.
    isDev: false,
    // Subscriptions over server-sent events (leaderboard.onChange): a ping keeps proxies from
    // closing a quiet stream, and a client that hears nothing for longer than two pings
    // reconnects by itself (sending the last event id it saw).
    sse: {
      ping: { enabled: true, intervalMs: 15_000 },
      client: { reconnectAfterInactivityMs: 40_000 },
    },
    // The one mapping (platform/errorMapping.ts), as REST and every Express path answer it.
    errorFormatter({ shape, error }) {
      const failure = clientFailure(error, 'trpc');
      return {
        ...shape,
        message: failure.body.message,
        data: {
          code: shape.data.code,
          httpStatus: failure.status,
          path: shape.data.path,
          issues: failure.body.issues,
          retryAfter: failure.retryAfter,
          // Why a rule refused the call, for the client's way forward (platform/errors.ts).
          reason: failure.body.reason,
          details: failure.body.details,
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

const ROLE_RANK = { user: 1, moderator: 2, admin: 3, banned: 0 } as const;
const NEEDED_RANK: Record<Access, number> = { anonymous: 0, member: 1, moderator: 2, admin: 3 };

/**
 * The one place access is enforced, from the procedure's own declaration; maintenance first:
 * during it, everyone but admins hears 503 before anything else.
 */
async function admit(ctx: Context, meta: ProcedureMeta | undefined, path: string): Promise<void> {
  const access = meta?.access;
  // A procedure without a declaration is a programming error: refuse rather than guess.
  if (!access) throw new Error(`Procedure ${path} declares no access`);
  if (
    !meta.openInMaintenance &&
    ctx.user?.role !== 'admin' &&
    (await getPlatformSettings({ db: ctx.db })).maintenanceMode
  ) {
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: MSG.maintenance });
  }
  if (access === 'anonymous') return;
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: MSG.notSignedIn });
  if (!meta.duringPasswordChange) assertPasswordChosen(ctx.user);
  if (!meta.duringTwoFactorSetup) await assertTwoFactorSetUp({ db: ctx.db, user: ctx.user });
  if (ROLE_RANK[ctx.user.role] < NEEDED_RANK[access]) {
    throw new TRPCError({ code: 'FORBIDDEN', message: MSG.forbidden });
  }
}

/**
 * admit(), with its refusals as the client should hear them. Exported for the few Express-only
 * paths that take a multipart body (uploads, a score file): the same rule as every procedure.
 */
export async function admitted(ctx: Context, meta: ProcedureMeta | undefined, path: string) {
  try {
    await admit(ctx, meta, path);
  } catch (error) {
    throw asClientError(error) ?? error;
  }
}

/** A procedure's own refusal as the client should hear it (mapped), or the result as it is. */
function mapped<R extends { ok: boolean }>(result: R): R {
  const clientError = result.ok
    ? undefined
    : asClientError((result as unknown as { error: TRPCError }).error.cause);
  if (clientError) throw clientError;
  return result;
}

// One middleware in front of every procedure (each tRPC middleware level copies the call's
// options, so the checks share one): admission, then the procedure, whose own refusals are
// mapped on the way back.
const gate = t.middleware(async ({ ctx, meta, path, next }) => {
  await admitted(ctx, meta, path);
  return mapped(await next());
});

/** admit(), then a caller for certain (admit() has already refused whom the declaration does not admit). */
async function admittedSignedIn(ctx: Context, meta: ProcedureMeta | undefined, path: string) {
  await admitted(ctx, meta, path);
  if (!ctx.user || !ctx.actor) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: MSG.notSignedIn });
  }
}

/** The signed-in context's types; the context already holds them (see below). */
type SignedIn = { user: NonNullable<Context['user']>; actor: NonNullable<Context['actor']> };

/**
 * The same for procedures that need a caller, narrowing the context's types to a signed-in one.
 * `next({})` only narrows their types: passing them as `ctx` would make tRPC copy the whole
 * context object on every call.
 */
const signedInGate = t.middleware(async ({ ctx, meta, path, next }) => {
  await admittedSignedIn(ctx, meta, path);
  return mapped(await next<SignedIn>({}));
});

const ROLES = new Set<string>(Object.keys(ROLE_RANK));

/**
 * Every change an admin makes (a ban, a role change, a deleted account, a settings save) is a
 * security event: logged at warn once it succeeded, with who, which procedure and which record.
 * Of the input only the names of the fields it set, and a role; never their values otherwise
 * (a new password is one of them).
 */
async function logAdminChange(ctx: Context, path: string, getRawInput: () => Promise<unknown>) {
  const input = await getRawInput().catch(() => undefined);
  const fields = input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  const { id, role } = fields;
  ctx.logger.warn(
    {
      event: 'admin-action',
      procedure: path,
      actorId: ctx.user?.id,
      ip: ctx.ip,
      targetId: typeof id === 'number' || typeof id === 'string' ? id : undefined,
      fields: Object.keys(fields).filter((key) => key !== 'id'),
      role: typeof role === 'string' && ROLES.has(role) ? role : undefined,
    },
    'admin action',
  );
}

/** The signed-in gate and the admin's change log as one middleware level (admins' reads are hot). */
const adminGate = t.middleware(async ({ ctx, meta, path, type, getRawInput, next }) => {
  await admittedSignedIn(ctx, meta, path);
  const result = await next<SignedIn>({});
  if (result.ok && type === 'mutation') await logAdminChange(ctx, path, getRawInput);
  return mapped(result);
});

export const publicProcedure = t.procedure.use(gate).meta({ access: 'anonymous' });
export const protectedProcedure = t.procedure.use(signedInGate).meta({ access: 'member' });
export const moderatorProcedure = t.procedure.use(signedInGate).meta({ access: 'moderator' });
export const adminProcedure = t.procedure.use(adminGate).meta({ access: 'admin' });
