// The mail queue (issue 20 'Mail'): messages queued inside a transaction, the background sender
// against a real SMTP server on 127.0.0.1 (down, then up: retries with backoff, then failed and
// visible to admins, then retried by an admin), the zero-config outbox without SMTP (one log line
// per message), the claim that sends each message once however many senders run, and the
// admins' Outbox procedures.
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox } from '../../src/server/platform/db/schema';
import {
  DEFAULT_RETRY,
  backoffMs,
  noticeMail,
  queueMail,
  sendDueMail,
  startMailSender,
  type RetryPolicy,
} from '../../src/server/domain/messages';
import { smtpTransport } from '../../src/server/platform/mail/transport';
import { callerFor, createTestDb, createUser, type CreatedUser, type TestDb } from '../helpers/db';
import { refusal } from '../helpers/errors';
import { freePort } from '../helpers/serverProcess';
import { startSmtpServer, type TestSmtp } from '../helpers/smtp';

let t: TestDb;
let admin: CreatedUser;
const silent = pino({ level: 'silent' });

beforeAll(async () => {
  t = await createTestDb();
  admin = await createUser(t.db, { role: 'admin' });
});
afterAll(() => t?.close());

/** A logger whose lines a test can read. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

async function queueNotice(to: string, title = 'Hello'): Promise<number> {
  return t.db.transaction(async (tx) =>
    queueMail(tx, {
      ...noticeMail({ siteName: 'Test Site', title, paragraphs: ['A paragraph.'] }),
      to,
      kind: 'notice',
    }),
  );
}

async function rowOf(id: number) {
  const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row!;
}

/** Rows that other tests queued are not this test's business: settle them first. */
async function drain(now = Date.now() + 10 * 24 * 3600_000) {
  await sendDueMail({ db: t.db, logger: silent, now });
}

describe('queueMail', () => {
  it('writes the row inside the caller’s transaction: a rolled-back change leaves no mail', async () => {
    const to = 'rolled-back@example.com';
    await t.db
      .transaction(async (tx) => {
        await queueMail(tx, {
          ...noticeMail({ siteName: 'Test Site', title: 'Never', paragraphs: ['x'] }),
          to,
          kind: 'notice',
        });
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to))).toEqual([]);
    const id = await queueNotice('committed@example.com');
    expect((await rowOf(id)).status).toBe('queued');
  });
});

describe('the sender without SMTP (zero-config)', () => {
  it('keeps each message in the outbox and writes one log line per message, with its link', async () => {
    await drain();
    const { logger, lines } = capturingLogger();
    const a = await t.db.transaction((tx) =>
      queueMail(tx, {
        ...noticeMail({
          siteName: 'Test Site',
          title: 'With a link',
          paragraphs: ['Open it.'],
          action: { label: 'Open', href: 'http://localhost:5000/contests/1' },
        }),
        to: 'no-smtp-a@example.com',
        kind: 'notice',
      }),
    );
    const b = await queueNotice('no-smtp-b@example.com');
    const round = await sendDueMail({ db: t.db, logger });
    expect(round).toEqual({ sent: 0, kept: 2, retrying: 0, failed: 0 });
    for (const id of [a, b]) {
      const row = await rowOf(id);
      expect(row.status).toBe('outbox');
      expect(row.sentAt).not.toBeNull();
    }
    const outboxLines = lines.filter((l) => l.event === 'mail-outbox');
    expect(outboxLines).toHaveLength(2);
    expect(outboxLines[0]).toMatchObject({
      mailId: a,
      to: 'no-smtp-a@example.com',
      links: ['http://localhost:5000/contests/1'],
    });
    // Nothing is due any more: a second round does nothing.
    expect(await sendDueMail({ db: t.db, logger })).toEqual({
      sent: 0,
      kept: 0,
      retrying: 0,
      failed: 0,
    });
  });
});

describe('the sender with SMTP: down, then up', () => {
  let port: number;
  let smtp: TestSmtp | undefined;
  const policy: RetryPolicy = { ...DEFAULT_RETRY, maxAttempts: 3 };
  beforeAll(async () => {
    port = await freePort();
  });
  afterAll(() => smtp?.close());

  it('backs off exponentially while the server is down, then delivers once it is up', async () => {
    await drain();
    const transport = smtpTransport({
      url: `smtp://127.0.0.1:${port}`,
      from: 'noreply@test.example',
    });
    const id = await queueNotice('retry-me@example.com', 'Retried');
    const start = Date.now();

    // First try: nothing listens on the port.
    expect(await sendDueMail({ db: t.db, transport, logger: silent, policy, now: start })).toEqual({
      sent: 0,
      kept: 0,
      retrying: 1,
      failed: 0,
    });
    let row = await rowOf(id);
    expect(row.status).toBe('queued');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row.nextAttemptAt.getTime()).toBe(start + backoffMs(1, policy));
    expect(backoffMs(1, policy)).toBe(60_000);

    // Before the backoff has passed, the message is not tried again.
    const early = await sendDueMail({
      db: t.db,
      transport,
      logger: silent,
      policy,
      now: start + backoffMs(1, policy) - 1,
    });
    expect(early.retrying + early.sent).toBe(0);
    expect((await rowOf(id)).attempts).toBe(1);

    // Second try after the wait: still down; the wait doubles.
    const second = start + backoffMs(1, policy);
    await sendDueMail({ db: t.db, transport, logger: silent, policy, now: second });
    row = await rowOf(id);
    expect(row.attempts).toBe(2);
    expect(row.nextAttemptAt.getTime()).toBe(second + 120_000);

    // The server comes up on that port: the next try delivers.
    smtp = await startSmtpServer({ port });
    const third = second + 120_000;
    expect(
      await sendDueMail({ db: t.db, transport, logger: silent, policy, now: third }),
    ).toMatchObject({ sent: 1 });
    row = await rowOf(id);
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(3);
    expect(row.lastError).toBeNull();
    const mail = await smtp.waitFor('retry-me@example.com');
    expect(mail.subject).toBe('Retried · Test Site');
    expect(mail.from).toBe('noreply@test.example');
    expect(mail.text).toContain('A paragraph.');
    expect(mail.html).toContain('<h1');
    transport.close();
  });

  it('marks a message failed with its error after the last try; an admin sees it and retries it', async () => {
    await drain();
    const downPort = await freePort();
    const down = smtpTransport({
      url: `smtp://127.0.0.1:${downPort}`,
      from: 'noreply@test.example',
    });
    const id = await queueNotice('give-up@example.com', 'Given up');
    let now = Date.now();
    for (let attempt = 1; attempt <= policy.maxAttempts; attempt++) {
      await sendDueMail({ db: t.db, transport: down, logger: silent, policy, now });
      now += backoffMs(attempt, policy);
    }
    const row = await rowOf(id);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(policy.maxAttempts);
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    // Never tried again by itself.
    expect(
      (await sendDueMail({ db: t.db, transport: down, logger: silent, policy, now: now + 1e9 }))
        .retrying,
    ).toBe(0);
    down.close();

    // The admins' Outbox shows it failed, with its tries and error.
    const admins = callerFor(t, admin).caller;
    const failed = await admins.outbox.list({ status: 'failed' });
    const listed = failed.items.find((m) => m.id === id)!;
    expect(listed).toMatchObject({
      to: 'give-up@example.com',
      status: 'failed',
      attempts: policy.maxAttempts,
      kind: 'notice',
    });
    expect(listed.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(listed.text).toContain('A paragraph.');

    // Retry: queued again, tries counted afresh, audited; then sent through the live server.
    const retried = await admins.outbox.retry({ id });
    expect(retried).toMatchObject({ status: 'queued', attempts: 0 });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'mail.retry'));
    expect(audit).toMatchObject({ actorId: admin.id, targetType: 'mail', targetId: String(id) });
    const up = smtpTransport({ url: smtp!.url, from: 'noreply@test.example' });
    await sendDueMail({ db: t.db, transport: up, logger: silent, policy });
    expect((await rowOf(id)).status).toBe('sent');
    expect((await smtp!.waitFor('give-up@example.com')).subject).toBe('Given up · Test Site');
    up.close();

    // A message that has not failed cannot be retried.
    expect(await refusal(admins.outbox.retry({ id }))).toMatchObject({
      code: 'CONFLICT',
      message: 'Only a failed message can be sent again',
    });
    expect(await refusal(admins.outbox.retry({ id: 999_999 }))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('two senders racing over the same queue send each message exactly once', async () => {
    await drain();
    const to = (i: number) => `race-${i}@example.com`;
    const before = smtp!.messages.length;
    for (let i = 0; i < 12; i++) await queueNotice(to(i), `Race ${i}`);
    const small: RetryPolicy = { ...policy, batch: 3 };
    const transports = [0, 1].map(() =>
      smtpTransport({ url: smtp!.url, from: 'noreply@test.example' }),
    );
    const rounds = async (transport: (typeof transports)[number]) => {
      let sent = 0;
      for (let i = 0; i < 10; i++) {
        sent += (await sendDueMail({ db: t.db, transport, logger: silent, policy: small })).sent;
      }
      return sent;
    };
    const counts = await Promise.all(transports.map(rounds));
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(12);
    const received = smtp!.messages.slice(before).flatMap((m) => m.to);
    expect(received.sort()).toEqual(Array.from({ length: 12 }, (_, i) => to(i)).sort());
    for (const tr of transports) tr.close();
  });

  it('takes back a message whose sender died mid-send once its claim lapses', async () => {
    await drain();
    const id = await queueNotice('lapsed@example.com', 'Lapsed');
    // A server claimed it and died: 'sending', its lease in the future.
    const now = Date.now();
    await t.db
      .update(mailOutbox)
      .set({ status: 'sending', nextAttemptAt: new Date(now + DEFAULT_RETRY.leaseMs) })
      .where(eq(mailOutbox.id, id));
    const up = smtpTransport({ url: smtp!.url, from: 'noreply@test.example' });
    expect((await sendDueMail({ db: t.db, transport: up, logger: silent, now })).sent).toBe(0);
    expect(
      (
        await sendDueMail({
          db: t.db,
          transport: up,
          logger: silent,
          now: now + DEFAULT_RETRY.leaseMs,
        })
      ).sent,
    ).toBe(1);
    expect((await rowOf(id)).status).toBe('sent');
    up.close();
  });

  it('the started sender delivers what is queued when woken, and stops cleanly', async () => {
    await drain();
    const sender = startMailSender({
      db: t.db,
      logger: silent,
      transport: smtpTransport({ url: smtp!.url, from: 'noreply@test.example' }),
      intervalMs: 60_000,
    });
    expect(sender.smtpConfigured).toBe(true);
    const id = await queueNotice('woken@example.com', 'Woken');
    sender.wake();
    expect((await smtp!.waitFor('woken@example.com')).subject).toBe('Woken · Test Site');
    await sender.stop();
    expect((await rowOf(id)).status).toBe('sent');
  });

  it('wakes by itself once a transaction that queued mail commits (no wait for its round)', async () => {
    await drain();
    const sender = startMailSender({
      db: t.db,
      logger: silent,
      transport: smtpTransport({ url: smtp!.url, from: 'noreply@test.example' }),
      // A round only every minute: the mail below can only leave this soon by the wake.
      intervalMs: 60_000,
    });
    try {
      // Once the start's own first round is over, what is queued can only leave by a wake.
      await sender.idle();
      const id = await queueNotice('committed@example.com', 'Committed');
      expect((await smtp!.waitFor('committed@example.com')).subject).toBe('Committed · Test Site');
      await expect.poll(async () => (await rowOf(id)).status).toBe('sent');
    } finally {
      await sender.stop();
    }
  });
});

describe('outbox.list', () => {
  it('pages newest first and filters by status; says whether SMTP is configured', async () => {
    const admins = callerFor(t, admin).caller;
    const first = await admins.outbox.list({ page: 1, pageSize: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.total).toBeGreaterThan(2);
    expect(first.smtpConfigured).toBe(false);
    const second = await admins.outbox.list({ page: 2, pageSize: 2 });
    expect(second.items[0]!.createdAt.getTime()).toBeLessThanOrEqual(
      first.items[1]!.createdAt.getTime(),
    );
    expect(second.items.map((m) => m.id)).not.toContain(first.items[0]!.id);
    const sent = await admins.outbox.list({ status: 'sent', pageSize: 100 });
    expect(sent.items.every((m) => m.status === 'sent')).toBe(true);
  });

  it('is searched by recipient: part of the address, any case, wildcards taken literally', async () => {
    const admins = callerFor(t, admin).caller;
    await queueNotice('Search.Me@Example.org', 'First');
    await queueNotice('search.me@example.org', 'Second');
    await queueNotice('someone_else@example.org', 'Third');
    await queueNotice('search%me@example.org', 'Fourth');
    const found = await admins.outbox.list({ search: 'search.me@EXAMPLE', pageSize: 100 });
    expect(found.items.map((m) => m.to).sort()).toEqual([
      'Search.Me@Example.org',
      'search.me@example.org',
    ]);
    expect(found.total).toBe(2);
    // % and _ are letters of the address here, not wildcards.
    const literal = await admins.outbox.list({ search: 'h%m', pageSize: 100 });
    expect(literal.items.map((m) => m.to)).toEqual(['search%me@example.org']);
    expect((await admins.outbox.list({ search: 'e_e', pageSize: 100 })).items).toEqual([
      expect.objectContaining({ to: 'someone_else@example.org' }),
    ]);
    // With the status filter too; a blank search is no filter.
    const none = await admins.outbox.list({ search: 'search.me', status: 'failed' });
    expect(none.items).toEqual([]);
    expect((await admins.outbox.list({ search: '  ' })).total).toBe(
      (await admins.outbox.list()).total,
    );
    expect(await refusal(admins.outbox.list({ search: 'x'.repeat(101) }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Search must be at most 100 characters',
    });
  });

  it('is for admins only', async () => {
    const member = await createUser(t.db);
    const moderator = await createUser(t.db, { role: 'moderator' });
    expect((await refusal(callerFor(t, member).caller.outbox.list())).code).toBe('FORBIDDEN');
    expect((await refusal(callerFor(t, moderator).caller.outbox.list())).code).toBe('FORBIDDEN');
    expect((await refusal(callerFor(t).caller.outbox.list())).code).toBe('UNAUTHORIZED');
  });
});
