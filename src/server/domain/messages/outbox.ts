// The mail queue: messages are written inside the transaction of whatever caused them (never sent
// inside a request), and the background sender (sender.ts) sends them. Admins read and retry them.
import { and, count, desc, eq } from 'drizzle-orm';
import type { ActionOnRow } from '../../platform/actor';
import type { DB, DbOrTx } from '../../platform/db/client';
import { mailOutbox } from '../../platform/db/schema';
import {
  containsPattern,
  insertMany,
  likeCaseless,
  type BulkColumn,
} from '../../platform/db/dialect';
import { AppError } from '../../platform/errors';
import type { MailKind } from '../../../shared/mail';
import {
  OUTBOX_MESSAGES as M,
  type TListOutboxResponse,
  type TOutboxMessage,
} from '../../../shared/schemas/outbox';
import type { MailStatus } from '../../../shared/mail';
import { writeAudit } from '../audit';
import { getPlatformSettings } from '../settings';
import type { MailContent } from './templates';
import { wakeSenderAfterCommit } from './sender';

export interface QueuedMail extends MailContent {
  to: string;
  kind: MailKind;
  /** The member it is for, when there is one (the row stays if the account goes). */
  userId?: number | null;
}

/**
 * Queues one message: a row written through `tx`, so it exists exactly when the change that
 * caused it commits. The sender picks it up on its next round.
 */
export async function queueMail(tx: DbOrTx, message: QueuedMail): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      kind: message.kind,
      status: 'queued',
      userId: message.userId ?? null,
      nextAttemptAt: new Date(),
    })
    .returning({ id: mailOutbox.id });
  wakeSenderAfterCommit(tx);
  return row!.id;
}

const MAIL_COLUMNS: readonly BulkColumn[] = [
  { name: 'to_address', pgType: 'text' },
  { name: 'subject', pgType: 'text' },
  { name: 'text_body', pgType: 'text' },
  { name: 'html_body', pgType: 'text' },
  { name: 'kind', pgType: 'text' },
  { name: 'user_id', pgType: 'integer' },
];

/**
 * queueMail for many messages at once (an announcement to every participant): one bulk insert,
 * due at once (the columns' defaults), where one insert each held the transaction for seconds.
 */
export async function queueMails(tx: DbOrTx, messages: readonly QueuedMail[]): Promise<void> {
  if (!messages.length) return;
  await insertMany(
    tx,
    'mail_outbox',
    MAIL_COLUMNS,
    messages.map((m) => [m.to, m.subject, m.text, m.html ?? null, m.kind, m.userId ?? null]),
  );
  wakeSenderAfterCommit(tx);
}

/** The platform's name as messages carry it (read through `db`, a transaction included). */
export async function siteNameOf(db: DbOrTx): Promise<string> {
  return (await getPlatformSettings({ db })).siteName;
}

const messageColumns = {
  id: mailOutbox.id,
  to: mailOutbox.toAddress,
  subject: mailOutbox.subject,
  text: mailOutbox.textBody,
  kind: mailOutbox.kind,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  lastError: mailOutbox.lastError,
  userId: mailOutbox.userId,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
};

export async function listOutbox({
  db,
  page,
  pageSize,
  status,
  search,
  smtpConfigured,
}: {
  db: DB;
  page: number;
  pageSize: number;
  status?: MailStatus;
  /** Part of the recipient's address, any letter case (its % and _ taken literally). */
  search?: string;
  smtpConfigured: boolean;
}): Promise<TListOutboxResponse> {
  const term = search?.trim();
  const where = and(
    status ? eq(mailOutbox.status, status) : undefined,
    term ? likeCaseless(mailOutbox.toAddress, containsPattern(term)) : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select(messageColumns)
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(mailOutbox).where(where),
  ]);
  return { items, total: total?.n ?? 0, page, pageSize, smtpConfigured };
}

async function messageById(db: DbOrTx, id: number): Promise<TOutboxMessage | undefined> {
  const [row] = await db.select(messageColumns).from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

/** An admin sends a failed message again: queued now, its tries counted afresh. Audited. */
export async function retryMail({ db, actor, id }: ActionOnRow): Promise<TOutboxMessage> {
  return db.transaction(async (tx) => {
    const before = await messageById(tx, id);
    if (!before) throw new AppError('NOT_FOUND', M.notFound);
    // Only from 'failed' (the UPDATE re-checks it, so two admins retrying queue it once).
    const changed = await tx
      .update(mailOutbox)
      .set({ status: 'queued', attempts: 0, nextAttemptAt: new Date() })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
      .returning({ id: mailOutbox.id });
    if (before.status !== 'failed' || changed.length === 0) {
      throw new AppError('not_failed', M.notFailed);
    }
    await writeAudit({
      db: tx,
      actor,
      action: 'mail.retry',
      targetType: 'mail',
      targetId: id,
      before: { status: before.status, attempts: before.attempts, to: before.to },
      after: { status: 'queued', attempts: 0, to: before.to },
    });
    return (await messageById(tx, id))!;
  });
}
