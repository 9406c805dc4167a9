// Admin user management (SPEC 2.15, 4 'User role change', 5 'Add user').
import { z } from 'zod';
import { ZRequiredText } from './requiredText';
import { ZPlainRowId } from './rowId';
import { pageRequestFields, pageResponseFields } from './paging';
import { PASSWORD_MAX, ROLES, TIERS } from '../constants';
import { MSG } from '../messages';
import { PAID_TIERS } from '../payments';
import { MAX_AHEAD_DAYS } from '../subscriptions';
import { ZEmail, ZUserSchema, ZUsername } from './auth';

const ZId = ZPlainRowId('A user id is required', 'No user has that id');

export const USER_SORTS = ['name', 'joined'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const ZListUsersRequestSchema = z
  .object({
    search: z.string().trim().max(100).optional(),
    role: z.enum(ROLES, { error: 'Role must be one of user, moderator, admin, banned' }).optional(),
    tier: z
      .enum(TIERS, { error: 'Subscription must be one of free, standard, pro, elite' })
      .optional(),
    // Without a sort the list is in id order (the order members joined in, stable under paging).
    sort: z.enum(USER_SORTS, { error: 'Sort must be one of name, joined' }).optional(),
    order: z.enum(SORT_ORDERS, { error: 'Order must be one of asc, desc' }).default('asc'),
    ...pageRequestFields(10_000, 25),
  })
  .default({ page: 1, pageSize: 25, order: 'asc' });
export type TListUsersRequest = z.input<typeof ZListUsersRequestSchema>;

/** A user as the admin list shows them: the public user plus what only operators need. */
export const ZAdminUserSchema = ZUserSchema.extend({
  lastLoginAt: z.date().nullable(),
  banReason: z.string().nullable(),
  /** When the member's paid plan ends (issue 33); null: no end date (or no paid tier). */
  tierExpiresAt: z.date().nullable(),
  /** In the list only: whether the member signs in with a second factor. */
  twoFactorEnabled: z.boolean().optional(),
});
export type TAdminUser = z.infer<typeof ZAdminUserSchema>;

export const ZListUsersResponseSchema = z.object({
  users: z.array(ZAdminUserSchema),
  ...pageResponseFields,
});

export const ZUpdateUserRequestSchema = z.object({
  id: ZId,
  role: z.enum(ROLES, { error: 'Role must be one of user, moderator, admin, banned' }).optional(),
  subscriptionTier: z
    .enum(TIERS, { error: 'Subscription must be one of free, standard, pro, elite' })
    .nullable()
    .optional(),
});
export type TUpdateUserRequest = z.infer<typeof ZUpdateUserRequestSchema>;

const adminPassword = z
  .string({ error: 'Password must be at least 8 characters' })
  .min(8, 'Password must be at least 8 characters')
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const CREATABLE_ROLES = ['user', 'moderator', 'admin'] as const;

export const ZCreateUserRequestSchema = z.object({
  username: ZUsername,
  email: ZEmail,
  password: adminPassword,
  role: z
    .enum(CREATABLE_ROLES, { error: 'Role must be one of user, moderator, admin' })
    .default('user'),
  subscriptionTier: z
    .enum(TIERS, { error: 'Subscription must be one of free, standard, pro, elite' })
    .nullable()
    .optional(),
});
export type TCreateUserRequest = z.input<typeof ZCreateUserRequestSchema>;

/** The Add New User dialog: the request plus a confirmation that never leaves the browser. */
export const ZCreateUserFormSchema = ZCreateUserRequestSchema.extend({
  confirmPassword: z.string({ error: MSG.passwordsDoNotMatch }),
}).refine((v) => v.password === v.confirmPassword, {
  message: MSG.passwordsDoNotMatch,
  path: ['confirmPassword'],
});

export const BAN_REASON_MAX = 500;

export const ZBanUserRequestSchema = z.object({
  id: ZId,
  reason: ZRequiredText(
    1,
    BAN_REASON_MAX,
    'Please give a reason',
    `The reason must be at most ${BAN_REASON_MAX} characters`,
  ),
});
export type TBanUserRequest = z.infer<typeof ZBanUserRequestSchema>;
/** The Ban dialog: the reason only (the id is the row's). */
export const ZBanUserFormSchema = ZBanUserRequestSchema.omit({ id: true });

export const ZUnbanUserRequestSchema = z.object({ id: ZId });

export const ZDeleteUserRequestSchema = z.object({ id: ZId });
export const ZDeleteUserResponseSchema = z.object({ success: z.literal(true), id: z.number() });

export const ZSetPasswordRequestSchema = z.object({ id: ZId, password: adminPassword });
export const ZSetPasswordFormSchema = ZSetPasswordRequestSchema.omit({ id: true });
export const ZSetPasswordResponseSchema = z.object({ success: z.literal(true) });

/**
 * Staff's change of a member's plan (issue 33; adminUsers.subscription,
 * POST /api/admin/users/{id}/subscription): 'grant' a paid tier for `days` from now, 'extend' the
 * plan held by `days` from its end (or from now), or 'end' it (the default tier now, no next
 * plan). Always with a reason, which the audit log keeps and the member is told.
 */
export const STAFF_PLAN_ACTIONS = ['grant', 'extend', 'end'] as const;
export type StaffPlanAction = (typeof STAFF_PLAN_ACTIONS)[number];

export const STAFF_PLAN_REASON_MAX = 500;

export const STAFF_PLAN_MESSAGES = {
  action: 'Action must be one of grant, extend, end',
  tier: 'Tier must be one of standard, pro, elite',
  days: `Days must be a whole number from 1 to ${MAX_AHEAD_DAYS}`,
  tierRequired: 'Granting a plan needs a tier (standard, pro or elite)',
  tierNotAllowed: 'Only a grant names a tier',
  daysRequired: 'Granting or extending a plan needs a number of days',
  daysNotAllowed: 'Ending a plan takes no days',
  reason: 'Please give a reason',
  reasonMax: `The reason must be at most ${STAFF_PLAN_REASON_MAX} characters`,
  admin: 'Admins have no subscription tier: their plan cannot be granted, extended or ended',
  noPaidTier: 'This member holds no paid tier: grant a plan instead of extending one',
} as const;

const SM = STAFF_PLAN_MESSAGES;

export const ZStaffPlanRequestSchema = z
  .object({
    id: ZId,
    action: z.enum(STAFF_PLAN_ACTIONS, { error: SM.action }),
    tier: z.enum(PAID_TIERS, { error: SM.tier }).optional(),
    days: z
      .number({ error: SM.days })
      .int(SM.days)
      .min(1, SM.days)
      .max(MAX_AHEAD_DAYS, SM.days)
      .optional(),
    reason: ZRequiredText(1, STAFF_PLAN_REASON_MAX, SM.reason, SM.reasonMax),
  })
  .superRefine((value, ctx) => {
    if (value.action === 'grant' && value.tier === undefined) {
      ctx.addIssue({ code: 'custom', message: SM.tierRequired, path: ['tier'] });
    }
    if (value.action !== 'grant' && value.tier !== undefined) {
      ctx.addIssue({ code: 'custom', message: SM.tierNotAllowed, path: ['tier'] });
    }
    if (value.action !== 'end' && value.days === undefined) {
      ctx.addIssue({ code: 'custom', message: SM.daysRequired, path: ['days'] });
    }
    if (value.action === 'end' && value.days !== undefined) {
      ctx.addIssue({ code: 'custom', message: SM.daysNotAllowed, path: ['days'] });
    }
  });
export type TStaffPlanRequest = z.output<typeof ZStaffPlanRequestSchema>;
