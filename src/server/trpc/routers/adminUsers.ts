// Admin user management (SPEC 2.15): admins only, enforced here.
import { ZUserSchema } from '../../../shared/schemas/auth';
import {
  ZAdminUserSchema,
  ZBanUserRequestSchema,
  ZCreateUserRequestSchema,
  ZDeleteUserRequestSchema,
  ZDeleteUserResponseSchema,
  ZListUsersRequestSchema,
  ZListUsersResponseSchema,
  ZSetPasswordRequestSchema,
  ZSetPasswordResponseSchema,
  ZStaffPlanRequestSchema,
  ZUnbanUserRequestSchema,
  ZUpdateUserRequestSchema,
} from '../../../shared/schemas/adminUsers';
import * as adminUsers from '../../domain/accounts/adminUsers';
import { changePlanAsStaff } from '../../domain/admin';
import { adminProcedure, router } from '../trpc';
import { deleteById, okAfter } from './resolve';

export const adminUsersRouter = router({
  list: adminProcedure
    .input(ZListUsersRequestSchema)
    .output(ZListUsersResponseSchema)
    .query(async ({ ctx, input }) => adminUsers.listUsers({ db: ctx.db, ...input })),

  create: adminProcedure
    .input(ZCreateUserRequestSchema)
    .output(ZUserSchema)
    .mutation(async ({ ctx, input }) =>
      adminUsers.createUser({ db: ctx.db, actor: ctx.actor, passwords: ctx.passwords, input }),
    ),

  update: adminProcedure
    .input(ZUpdateUserRequestSchema)
    .output(ZUserSchema)
    .mutation(async ({ ctx, input }) =>
      adminUsers.updateUser({ db: ctx.db, actor: ctx.actor, input }),
    ),

  ban: adminProcedure
    .input(ZBanUserRequestSchema)
    .output(ZAdminUserSchema)
    .mutation(async ({ ctx, input }) =>
      adminUsers.banUser({ db: ctx.db, actor: ctx.actor, ...input }),
    ),

  unban: adminProcedure
    .input(ZUnbanUserRequestSchema)
    .output(ZAdminUserSchema)
    .mutation(async ({ ctx, input }) =>
      adminUsers.unbanUser({ db: ctx.db, actor: ctx.actor, ...input }),
    ),

  setPassword: adminProcedure
    .input(ZSetPasswordRequestSchema)
    .output(ZSetPasswordResponseSchema)
    .mutation(({ ctx, input }) =>
      okAfter(
        adminUsers.setTemporaryPassword({
          db: ctx.db,
          actor: ctx.actor,
          passwords: ctx.passwords,
          ...input,
        }),
      ),
    ),

  /** Grant, extend or end a member's plan, with a reason (issue 33). */
  subscription: adminProcedure
    .input(ZStaffPlanRequestSchema)
    .output(ZAdminUserSchema)
    .mutation(({ ctx, input }) => changePlanAsStaff({ db: ctx.db, actor: ctx.actor, input })),

  delete: adminProcedure
    .input(ZDeleteUserRequestSchema)
    .output(ZDeleteUserResponseSchema)
    .mutation(deleteById(adminUsers.deleteUser)),
});
