// The background sender: every few seconds (and when woken), each app server claims the messages
// that are due, a batch at a time, and sends them. A claim is one UPDATE that marks the rows
// 'sending' with a lease (PostgreSQL: FOR UPDATE SKIP LOCKED, so no two servers take a row;
// SQLite: the single writer), so a message is sent once however many servers run; a server that
// dies mid-send leaves rows whose lease lapses and another server takes them again.
// A failed send is retried with exponential backoff, up to a limit, then marked 'failed' with the
// error, for the admins' Outbox. Without SMTP (no transport) a message is kept in the outbox and
// logged, one line each, so a fresh install can complete every flow.
import { and, eq, sql } from 'drizzle-orm';
import type pino from 'pino';
import { afterCommit, databaseOf, type DB, type DbOrTx } from '../../platform/db/client';
import { rows, skipLocked, timeValue } from '../../platform/db/dialect';
import { mailOutbox } from '../../platform/db/schema';
import { createJobRunner, type JobRunner } from '../../platform/jobs';
import type { MailTransport } from '../../platform/mail/transport';
import type { MailKind } from '../../../shared/mail';

export interface RetryPolicy {
  /** Tries before a message is marked failed. */
  maxAttempts: number;
  /** The wait after the first failure; it doubles after each further one... */
  baseDelayMs: number;
  /** ...up to this. */
  maxDelayMs: number;
  /** How long a claim holds: a server that died while sending gives its rows back after it. */
  leaseMs: number;
  /** Messages claimed per round. */
  batch: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 6,
  baseDelayMs: 60_000,
  maxDelayMs: 60 * 60_000,
  leaseMs: 5 * 60_000,
  batch: 20,
};

/** The wait after the n-th failed try (n >= 1): base, 2 x base, 4 x base, ... at most max. */
export function backoffMs(attempts: number, policy: RetryPolicy = DEFAULT_RETRY): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

interface Claimed {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  kind: MailKind;
  attempts: number;
}

/** Takes up to `batch` due messages for this server (see the file's head). */
async function claimDue(db: DB, now: number, policy: RetryPolicy): Promise<Claimed[]> {
  const lease = new Date(now + policy.leaseMs);
  return db.transaction(async (tx) =>
    rows<Claimed>(
      tx,
      sql`UPDATE mail_outbox SET status = 'sending', next_attempt_at = ${timeValue(lease)}
        WHERE id IN (
          SELECT id FROM mail_outbox
          WHERE status IN ('queued', 'sending') AND next_attempt_at <= ${timeValue(new Date(now))}
          ORDER BY next_attempt_at, id
          LIMIT ${policy.batch}
          ${skipLocked()}
        )
        RETURNING id, to_address, subject, text_body, html_body, kind, attempts`,
    ),
  );
}

/** Links in a message's text: what an operator without SMTP needs from the log line. */
function linksIn(text: string): string[] {
  return text.match(/https?:\/\/\S+/g) ?? [];
}

function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500) || 'Unknown error';
}

export interface RoundResult {
  sent: number;
  kept: number;
  retrying: number;
  failed: number;
}

/**
 * One round: claims the due messages and sends each (or, without a transport, keeps it in the
 * outbox and logs it). Answers what became of them. `now` is injectable for the tests.
 */
export async function sendDueMail({
  db,
  transport,
  logger,
  policy = DEFAULT_RETRY,
  now = Date.now(),
}: {
  db: DB;
  transport?: MailTransport;
  logger: pino.Logger;
  policy?: RetryPolicy;
  now?: number;
}): Promise<RoundResult> {
  const result: RoundResult = { sent: 0, kept: 0, retrying: 0, failed: 0 };
  // RETURNING keeps no order on PostgreSQL: oldest first, as they were queued.
  const claimed = (await claimDue(db, now, policy)).sort((a, b) => a.id - b.id);
  const mine = (id: number) => and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending'));
  for (const message of claimed) {
    if (!transport) {
      await db
        .update(mailOutbox)
        .set({ status: 'outbox', sentAt: new Date(now), lastError: null })
        .where(mine(message.id));
      logger.info(
        {
          event: 'mail-outbox',
          mailId: message.id,
          to: message.to_address,
          kind: message.kind,
          links: linksIn(message.text_body),
        },
        `mail kept in the outbox (no SMTP_URL): "${message.subject}" to ${message.to_address}`,
      );
      result.kept += 1;
      continue;
    }
    const attempts = message.attempts + 1;
    try {
      await transport.send({
        to: message.to_address,
        subject: message.subject,
        text: message.text_body,
        html: message.html_body,
      });
      await db
        .update(mailOutbox)
        .set({ status: 'sent', attempts, sentAt: new Date(), lastError: null })
        .where(mine(message.id));
      logger.info(
        { event: 'mail-sent', mailId: message.id, kind: message.kind, attempts },
        'mail sent',
      );
      result.sent += 1;
    } catch (error) {
      const lastError = errorText(error);
      const giveUp = attempts >= policy.maxAttempts;
      await db
        .update(mailOutbox)
        .set(
          giveUp
            ? { status: 'failed', attempts, lastError }
            : {
                status: 'queued',
                attempts,
                lastError,
                nextAttemptAt: new Date(now + backoffMs(attempts, policy)),
              },
        )
        .where(mine(message.id));
      logger.warn(
        {
          event: giveUp ? 'mail-failed' : 'mail-retry',
          mailId: message.id,
          attempts,
          err: lastError,
        },
        giveUp ? 'mail failed: giving up' : 'mail send failed: will retry',
      );
      if (giveUp) result.failed += 1;
      else result.retrying += 1;
    }
  }
  return result;
}

export interface MailSender {
  /** Whether real mail goes out (SMTP_URL set). */
  smtpConfigured: boolean;
  /** Runs a round soon (after something was queued), without waiting for the timer. */
  wake(): void;
  /** Stops the timer and waits for a round under way to finish. */
  stop(): Promise<void>;
  /** Resolves once no round is under way (the start's first one included). */
  idle(): Promise<void>;
}

/** The sender running on each database in this process, woken when mail is queued there. */
const senders = new WeakMap<DB, () => void>();

/**
 * Wakes this process's sender for `db` once the transaction that queued mail commits, so a
 * message caused by a request (a notification, a reset link) leaves at once, not at the next
 * round. Nothing when no sender runs here (a script, a test without one).
 */
export function wakeSenderAfterCommit(tx: DbOrTx): void {
  afterCommit(tx, () => senders.get(databaseOf(tx))?.());
}

/** The job name of the sender (one per runner). */
export const MAIL_JOB = 'mail';

/**
 * Starts the rounds on this server: every `intervalMs`, and when woken, as a job of `jobs` (the
 * server's runner; a runner of its own when none is given, as in a test).
 */
export function startMailSender({
  db,
  transport,
  logger,
  jobs = createJobRunner({ db, logger }),
  intervalMs = 5_000,
  policy = DEFAULT_RETRY,
}: {
  db: DB;
  transport?: MailTransport;
  logger: pino.Logger;
  jobs?: JobRunner;
  intervalMs?: number;
  policy?: RetryPolicy;
}): MailSender {
  // Every server sends: each claims its own rows (claimDue), so the job takes no lease.
  const job = jobs.register({
    name: MAIL_JOB,
    everyMs: intervalMs,
    run: async (stopping) => {
      let done;
      do {
        done = await sendDueMail({ db, transport, logger, policy });
        // A full batch: more may be due at once.
      } while (
        done.sent + done.kept + done.retrying + done.failed >= policy.batch &&
        !stopping.aborted
      );
    },
  });
  senders.set(db, job.wake);
  return {
    smtpConfigured: !!transport,
    wake: job.wake,
    idle: job.idle,
    async stop() {
      if (senders.get(db) === job.wake) senders.delete(db);
      // A send stuck on a silent SMTP server must not hold the shutdown for long: its row's lease
      // lapses and another server (or the next start) sends it.
      await job.stop({ waitMs: 10_000 });
      transport?.close();
    },
  };
}
