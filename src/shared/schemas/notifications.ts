// Notifications (issue 20): the bell's count, the /notifications page, marking read, and the
// member's choice per kind. GET /api/notifications and POST /api/notifications/read are rows of
// the REST table over the same procedures.
import { z } from 'zod';
import { ZOwnChangesRequestSchema } from './streams';
import { MAX_ID } from '../constants';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from '../notifications';
import { pageRequestFields, pageResponseFields } from './paging';

export const NOTIFICATION_MESSAGES = {
  markWhat: 'Say which notifications to mark read: ids, or all',
  idsMax: 'At most 100 notifications at a time',
  ids: 'Notification ids must be positive whole numbers',
  kind: `Kind must be one of ${NOTIFICATION_KINDS.join(', ')}`,
  channel: `Channel must be one of ${NOTIFICATION_CHANNELS.join(', ')}`,
  preferencesEmpty: 'Choose at least one preference',
  marked: 'All notifications marked read',
  saved: 'Notification preferences saved',
} as const;
const M = NOTIFICATION_MESSAGES;

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const ZListNotificationsRequestSchema = z
  .object({
    /** Only the ones not read yet. */
    unread: z.boolean({ error: 'Unread must be true or false' }).optional(),
    ...pageRequestFields(100, NOTIFICATIONS_PAGE_SIZE),
  })
  .default({ page: 1, pageSize: NOTIFICATIONS_PAGE_SIZE });
export type TListNotificationsRequest = z.input<typeof ZListNotificationsRequestSchema>;

export const ZNotificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** A path of the app (its contest, the payment page), or null. */
  link: z.string().nullable(),
  createdAt: z.date(),
  readAt: z.date().nullable(),
});
export type TNotification = z.infer<typeof ZNotificationSchema>;

export const ZListNotificationsResponseSchema = z.object({
  items: z.array(ZNotificationSchema),
  /** How many are unread in all: the bell's number. */
  unread: z.number().int(),
  /** `total`: how many match (all, or the unread ones when asked). */
  ...pageResponseFields,
});
export type TListNotificationsResponse = z.infer<typeof ZListNotificationsResponseSchema>;

export const ZUnreadCountResponseSchema = z.object({ unread: z.number().int() });
export type TUnreadCountResponse = z.infer<typeof ZUnreadCountResponseSchema>;

export const ZMarkNotificationsReadRequestSchema = z
  .object({
    ids: z
      .array(z.number({ error: M.ids }).int(M.ids).positive(M.ids).max(MAX_ID, M.ids), {
        error: M.ids,
      })
      .min(1, M.markWhat)
      .max(100, M.idsMax)
      .optional(),
    all: z.literal(true, { error: 'All must be true' }).optional(),
  })
  .refine((v) => (v.ids !== undefined) !== (v.all !== undefined), { message: M.markWhat });
export type TMarkNotificationsReadRequest = z.input<typeof ZMarkNotificationsReadRequestSchema>;

export const ZMarkNotificationsReadResponseSchema = z.object({
  /** How many were marked now (others were read already, or are not the caller's). */
  marked: z.number().int(),
  unread: z.number().int(),
});
export type TMarkNotificationsReadResponse = z.infer<typeof ZMarkNotificationsReadResponseSchema>;

export const ZNotificationPreferenceSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS, { error: M.kind }),
  channel: z.enum(NOTIFICATION_CHANNELS, { error: M.channel }),
});
export type TNotificationPreference = z.infer<typeof ZNotificationPreferenceSchema>;

export const ZNotificationPreferencesSchema = z.object({
  preferences: z.array(
    ZNotificationPreferenceSchema.extend({
      /** Whether this is the platform's default (the member never chose). */
      isDefault: z.boolean(),
    }),
  ),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferencesSchema>;

export const ZSetNotificationPreferencesRequestSchema = z.object({
  preferences: z
    .array(ZNotificationPreferenceSchema, { error: M.preferencesEmpty })
    .min(1, M.preferencesEmpty)
    .max(NOTIFICATION_KINDS.length, `At most ${NOTIFICATION_KINDS.length} preferences`),
});
export type TSetNotificationPreferencesRequest = z.input<
  typeof ZSetNotificationPreferencesRequestSchema
>;

export const ZNotificationsChangeRequestSchema = ZOwnChangesRequestSchema;

/** What notifications.onChange emits: "your notifications changed, read the count again". */
export interface TNotificationsChange {
  version: number;
}
