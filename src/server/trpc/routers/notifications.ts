// Notifications (issue 20): the bell's count and its live stream, the /notifications page, marking
// read, and the member's preferences per kind. Always the caller's own.
import {
  ZListNotificationsRequestSchema,
  ZListNotificationsResponseSchema,
  ZMarkNotificationsReadRequestSchema,
  ZMarkNotificationsReadResponseSchema,
  ZNotificationPreferencesSchema,
  ZNotificationsChangeRequestSchema,
  ZSetNotificationPreferencesRequestSchema,
  ZUnreadCountResponseSchema,
} from '../../../shared/schemas/notifications';
import {
  getPreferences,
  listNotifications,
  markRead,
  setPreferences,
  unreadCount,
} from '../../domain/messages';
import { notificationChanges } from '../../platform/events';
import { protectedProcedure, router } from '../trpc';
import { ownChanges } from './resolve';

export const notificationsRouter = router({
  list: protectedProcedure
    .input(ZListNotificationsRequestSchema)
    .output(ZListNotificationsResponseSchema)
    .query(({ ctx, input }) => listNotifications({ db: ctx.db, userId: ctx.actor.id, ...input })),

  unreadCount: protectedProcedure.output(ZUnreadCountResponseSchema).query(async ({ ctx }) => ({
    unread: await unreadCount({ db: ctx.db, userId: ctx.actor.id }),
  })),

  markRead: protectedProcedure
    .input(ZMarkNotificationsReadRequestSchema)
    .output(ZMarkNotificationsReadResponseSchema)
    .mutation(({ ctx, input }) => markRead({ db: ctx.db, userId: ctx.actor.id, ...input })),

  preferences: protectedProcedure
    .output(ZNotificationPreferencesSchema)
    .query(({ ctx }) => getPreferences({ db: ctx.db, userId: ctx.actor.id })),

  setPreferences: protectedProcedure
    .input(ZSetNotificationPreferencesRequestSchema)
    .output(ZNotificationPreferencesSchema)
    .mutation(({ ctx, input }) =>
      setPreferences({ db: ctx.db, userId: ctx.actor.id, preferences: input.preferences }),
    ),

  /**
   * Emits `{ version }` (a tracked event) whenever the caller's notifications change (a new one,
   * some marked read): the bell reads its count again. Only ever the caller's own channel.
   */
  onChange: protectedProcedure
    .input(ZNotificationsChangeRequestSchema)
    .subscription(ownChanges(notificationChanges)),
});
