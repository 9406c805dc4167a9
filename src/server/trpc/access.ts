// Who may call each procedure, read from the procedures' own `.meta({ access })` declarations
// (trpc.ts enforces them), so this table cannot drift from what the server does. The access
// test calls every procedure and every REST path as every principal against it.
import { appRouter } from './routers/_app';
import type { Access, ProcedureMeta } from './trpc';

export type { Access } from './trpc';

type AnyProcedure = { _def: { meta?: ProcedureMeta } };

export const accessPolicy: Record<string, Access | undefined> = Object.fromEntries(
  Object.entries(appRouter._def.procedures as unknown as Record<string, AnyProcedure>).map(
    ([path, p]) => [path, p._def.meta?.access],
  ),
);

/**
 * The procedures a member who still has to replace a temporary password may call besides the
 * 'anonymous' ones (trpc.ts refuses every other with reason 'password_change_required').
 */
export const openDuringPasswordChange: string[] = Object.entries(
  appRouter._def.procedures as unknown as Record<string, AnyProcedure>,
)
  .filter(([, p]) => p._def.meta?.duringPasswordChange)
  .map(([path]) => path);

/**
 * The procedures a moderator or admin who must still set up two-factor sign-in may call besides
 * the 'anonymous' ones (trpc.ts refuses every other with reason 'two_factor_setup_required').
 */
export const openDuringTwoFactorSetup: string[] = Object.entries(
  appRouter._def.procedures as unknown as Record<string, AnyProcedure>,
)
  .filter(([, p]) => p._def.meta?.duringTwoFactorSetup)
  .map(([path]) => path);
