// Admin user management (SPEC 2.15, 4 'User role change', 5 'Add user').
import { z } from 'zod';
import { ZRequiredText } from './requiredText';
import { ZPlainRowId } from './rowId';
import { pageRequestFields, pageResponseFields } from './paging';
import { PASSWORD_MAX, ROLES, TIERS } from '../constants';
import { MSG } from '../messages';
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
