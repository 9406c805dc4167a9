// Notifications (issue 20): what the platform tells a member, in the bell and, by the member's
// choice per kind, by e-mail. notify() is called inside the transaction that made the event (a
// review, a join, a score), so the notification, its e-mail in the queue and the bell's live news
// exist exactly when the change commits. The member reads, pages and marks them read; the
// preferences say per kind whether an e-mail goes too (defaults: shared/notifications.ts).
import { and, count, desc, eq, inArray, isNull, notExists, sql, type SQL } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { insertMany, type BulkColumn } from '../../platform/db/dialect';
import {
  contestParticipants,
  notificationPreferences,
  notifications,
  users,
} from '../../platform/db/schema';
import { announceNotificationChanges } from '../../platform/events';
import {
  NOTIFICATION_KIND_INFO,
  PREFERENCE_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from '../../../shared/notifications';
import type {
  TListNotificationsResponse,
  TMarkNotificationsReadResponse,
  TNotificationPreference,
  TNotificationPreferences,
} from '../../../shared/schemas/notifications';
import { queueMails, siteNameOf, type QueuedMail } from './outbox';
import { appLink, noticeMail } from './templates';

export interface Notice {
  userId: number;
  kind: NotificationKind;
  /** One line: the bell's and the e-mail's subject. */
  title: string;
  /** What happened, in a sentence or two (a reason included). */
  body: string;
  /** A path of the app: the contest, the payment page. */
  link?: string | null;
  /** What the e-mail's button says (default 'Open'). */
  actionLabel?: string;
  /**
   * At most one notification with this key per member, ever (a contest's start reminder): a
   * second is not written, and nothing is mailed for it.
   */
  dedupeKey?: string;
}

export interface NotifyOptions {
  /** Where the e-mail's link points: PUBLIC_URL or the request's address (Actor.origin). */
  origin?: string;
}

const FALLBACK_ORIGIN = 'http://localhost';

/** Whether an e-mail goes for this kind to each of these members (their choice, else the default). */
async function emailChoices(
  tx: DbOrTx,
  kind: NotificationKind,
  userIds: readonly number[],
): Promise<Map<number, boolean>> {
  const byDefault = NOTIFICATION_KIND_INFO[kind].defaultChannel === 'email';
  const chosen = new Map<number, boolean>(userIds.map((id) => [id, byDefault]));
  for (let i = 0; i < userIds.length; i += 500) {
    const rows = await tx
      .select({ userId: notificationPreferences.userId, email: notificationPreferences.email })
      .from(notificationPreferences)
      .where(
        and(
          eq(notificationPreferences.kind, kind),
          inArray(notificationPreferences.userId, userIds.slice(i, i + 500)),
        ),
      );
    for (const row of rows) chosen.set(row.userId, row.email);
  }
  return chosen;
}

/** Queues the e-mails of these notices for the members whose choice says so. */
async function mailNotices(
  tx: DbOrTx,
  notices: readonly Notice[],
  { origin = FALLBACK_ORIGIN }: NotifyOptions,
): Promise<void> {
  const byKind = new Map<NotificationKind, Notice[]>();
  for (const n of notices) {
    const list = byKind.get(n.kind);
    if (list) list.push(n);
    else byKind.set(n.kind, [n]);
  }
  let siteName: string | undefined;
  for (const [kind, list] of byKind) {
    const choices = await emailChoices(
      tx,
      kind,
      list.map((n) => n.userId),
    );
    const wanted = list.filter((n) => choices.get(n.userId));
    if (!wanted.length) continue;
    const recipients = new Map<number, { email: string; username: string }>();
    const ids = [...new Set(wanted.map((n) => n.userId))];
    for (let i = 0; i < ids.length; i += 500) {
      for (const row of await tx
        .select({ id: users.id, email: users.email, username: users.username })
        .from(users)
        .where(inArray(users.id, ids.slice(i, i + 500)))) {
        if (row.email) recipients.set(row.id, row);
      }
    }
    siteName ??= await siteNameOf(tx);
    const mails: QueuedMail[] = [];
    for (const n of wanted) {
      const to = recipients.get(n.userId);
      if (!to) continue;
      const content = noticeMail({
        siteName,
        username: to.username,
        title: n.title,
        paragraphs: [n.body],
        action: n.link
          ? { label: n.actionLabel ?? 'Open', href: appLink(origin, n.link) }
          : undefined,
      });
      mails.push({ ...content, to: to.email, kind: 'notice', userId: n.userId });
    }
    await queueMails(tx, mails);
  }
}

/**
 * Tells a member something: the in-app notification, and an e-mail in the queue when their
 * preference for the kind says so. Call it with the transaction of the event. Answers the new
 * notification's id, or null when its dedupe key was used already (nothing written, nothing
 * mailed).
 */
export async function notify(
  tx: DbOrTx,
  notice: Notice,
  options: NotifyOptions = {},
): Promise<number | null> {
  const insert = tx.insert(notifications).values({
    userId: notice.userId,
    kind: notice.kind,
    title: notice.title,
    body: notice.body,
    link: notice.link ?? null,
    dedupeKey: notice.dedupeKey ?? null,
  });
  const [row] = await (notice.dedupeKey ? insert.onConflictDoNothing() : insert).returning({
    id: notifications.id,
  });
  if (!row) return null;
  await mailNotices(tx, [notice], options);
  await announceNotificationChanges({ db: tx, userIds: [notice.userId] });
  return row.id;
}

const NOTICE_COLUMNS: BulkColumn[] = [
  { name: 'user_id', pgType: 'integer' },
  { name: 'kind', pgType: 'text' },
  { name: 'title', pgType: 'text' },
  { name: 'body', pgType: 'text' },
  { name: 'link', pgType: 'text' },
];

/**
 * notify() for many members at once (a score batch, a contest's final results): the rows in
 * bulk, then the e-mails of those who want them. Notices with a dedupe key go through notify().
 */
export async function notifyMany(
  tx: DbOrTx,
  notices: readonly Notice[],
  options: NotifyOptions = {},
): Promise<void> {
  const keyed = notices.filter((n) => n.dedupeKey);
  for (const n of keyed) await notify(tx, n, options);
  const plain = notices.filter((n) => !n.dedupeKey);
  if (!plain.length) return;
  await insertMany(
    tx,
    'notifications',
    NOTICE_COLUMNS,
    plain.map((n) => [n.userId, n.kind, n.title, n.body, n.link ?? null]),
  );
  await mailNotices(tx, plain, options);
  await announceNotificationChanges({ db: tx, userIds: plain.map((n) => n.userId) });
}

const notificationColumns = {
  id: notifications.id,
  kind: notifications.kind,
  title: notifications.title,
  body: notifications.body,
  link: notifications.link,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
};

/** How many of a member's notifications are unread: the bell's number. */
export async function unreadCount({ db, userId }: { db: DbOrTx; userId: number }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** A page of a member's own notifications, newest first (only the unread ones when asked). */
export async function listNotifications({
  db,
  userId,
  unread,
  page,
  pageSize,
}: {
  db: DB;
  userId: number;
  unread?: boolean;
  page: number;
  pageSize: number;
}): Promise<TListNotificationsResponse> {
  const mine = eq(notifications.userId, userId);
  const where = unread ? and(mine, isNull(notifications.readAt)) : mine;
  const [items, [total], unreadNow] = await Promise.all([
    db
      .select(notificationColumns)
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(notifications).where(where),
    unreadCount({ db, userId }),
  ]);
  return { items, total: total?.n ?? 0, unread: unreadNow, page, pageSize };
}

/**
 * Marks a member's notifications read: these ids (any that are not theirs are left alone, as if
 * they did not exist) or all. Answers how many changed and how many are still unread.
 */
export async function markRead({
  db,
  userId,
  ids,
  all,
}: {
  db: DB;
  userId: number;
  ids?: readonly number[];
  all?: boolean;
}): Promise<TMarkNotificationsReadResponse> {
  return db.transaction(async (tx) => {
    const mineUnread = and(eq(notifications.userId, userId), isNull(notifications.readAt));
    const changed = await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(all ? mineUnread : and(mineUnread, inArray(notifications.id, [...(ids ?? [])])))
      .returning({ id: notifications.id });
    if (changed.length) await announceNotificationChanges({ db: tx, userIds: [userId] });
    return { marked: changed.length, unread: await unreadCount({ db: tx, userId }) };
  });
}

/** A member's choice for every kind they can set (the default where they never chose). */
export async function getPreferences({
  db,
  userId,
}: {
  db: DbOrTx;
  userId: number;
}): Promise<TNotificationPreferences> {
  const rows = await db
    .select({ kind: notificationPreferences.kind, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((r) => [r.kind, r.email]));
  return {
    preferences: PREFERENCE_KINDS.map((kind) => {
      const email = chosen.get(kind);
      const channel: NotificationChannel =
        email === undefined
          ? NOTIFICATION_KIND_INFO[kind].defaultChannel
          : email
            ? 'email'
            : 'in_app';
      return { kind, channel, isDefault: email === undefined };
    }),
  };
}

/** Saves a member's choices (one transaction); kinds not named keep theirs. */
export async function setPreferences({
  db,
  userId,
  preferences,
}: {
  db: DB;
  userId: number;
  preferences: readonly TNotificationPreference[];
}): Promise<TNotificationPreferences> {
  await db.transaction(async (tx) => {
    for (const { kind, channel } of preferences) {
      const email = channel === 'email';
      await tx
        .insert(notificationPreferences)
        .values({ userId, kind, email })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind],
          set: { email },
        });
    }
  });
  return getPreferences({ db, userId });
}

/** For tests and the admin console: a member's notifications of a kind, newest first. */
export async function notificationsOf(
  db: DbOrTx,
  userId: number,
  kind?: NotificationKind,
): Promise<
  { id: number; kind: NotificationKind; title: string; body: string; link: string | null }[]
> {
  return db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
    })
    .from(notifications)
    .where(
      kind
        ? and(eq(notifications.userId, userId), eq(notifications.kind, kind))
        : eq(notifications.userId, userId),
    )
    .orderBy(desc(notifications.id));
}

/**
 * The participants of a contest not yet sent the notice with this dedupe key (and whose
 * contest_participants row matches `also`): whom a once-only notice (a start reminder, 'check-in
 * is open') is still due to.
 */
export async function participantsNotYetTold(
  tx: DbOrTx,
  contestId: number,
  dedupeKey: string,
  also?: SQL,
): Promise<number[]> {
  const told = tx
    .select({ one: sql`1` })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, contestParticipants.userId),
        eq(notifications.dedupeKey, dedupeKey),
      ),
    );
  const due = await tx
    .select({ userId: contestParticipants.userId })
    .from(contestParticipants)
    .where(and(eq(contestParticipants.contestId, contestId), also, notExists(told)));
  return due.map((d) => d.userId);
}
