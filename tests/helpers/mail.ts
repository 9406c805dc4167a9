// Reading what the platform queued for an address, straight from the outbox table (what an admin
// reads on the Outbox page when no SMTP server is configured).
import { and, desc, eq } from 'drizzle-orm';
import type { DB } from '../../src/server/platform/db/client';
import { mailOutbox } from '../../src/server/platform/db/schema';
import type { MailKind } from '../../src/shared/mail';
import { accountMailSettled } from '../../src/server/domain/accounts/afterAnswer';

/**
 * The mail queued to `to`, newest first. Reset and unlock mail is queued after the answer
 * (domain/accounts/afterAnswer.ts), so this first waits for the requests already answered.
 */
export async function mailsTo(db: DB, to: string, kind?: MailKind) {
  await accountMailSettled();
  return db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), kind ? eq(mailOutbox.kind, kind) : undefined))
    .orderBy(desc(mailOutbox.id));
}

/** The link to `path` in the newest message of `kind` to `to`. */
export async function latestLink(db: DB, to: string, kind: MailKind, path: string): Promise<URL> {
  const [mail] = await mailsTo(db, to, kind);
  if (!mail) throw new Error(`no ${kind} mail to ${to}`);
  const link = mail.textBody.match(/https?:\/\/\S+/g)?.find((l) => new URL(l).pathname === path);
  if (!link) throw new Error(`no link to ${path} in:\n${mail.textBody}`);
  return new URL(link);
}

/** The page each kind of account mail links to. */
const LINK_PATHS: Partial<Record<MailKind, string>> = {
  password_reset: '/reset-password',
  verify_email: '/verify-email',
  unlock_device: '/trust-device',
};

/** The token of the newest link of `kind` to `to`. */
export async function latestToken(db: DB, to: string, kind: MailKind): Promise<string> {
  const path = LINK_PATHS[kind];
  if (!path) throw new Error(`${kind} mail carries no link`);
  return (await latestLink(db, to, kind, path)).searchParams.get('token')!;
}
