// The real server process and its mail (issue 20): with SMTP_URL and MAIL_FROM a reset link goes
// to the SMTP server (a real one on 127.0.0.1), built from PUBLIC_URL; without SMTP_URL the
// message is kept in the outbox and logged, one line. Both engines.
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/server/platform/db/schema';
import { createTestDb, createUser, type TestDb } from '../helpers/db';
import { startServerProcess, type ServerProcess } from '../helpers/serverProcess';
import { linkIn, startSmtpServer, type TestSmtp } from '../helpers/smtp';
import { HttpClient } from '../helpers/server';

let t: TestDb;
let smtp: TestSmtp;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  t = await createTestDb();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  for (const server of servers) await server.kill9();
  await smtp?.close();
  await t?.close();
});

function envFor(extra: Record<string, string>): Record<string, string> {
  return {
    ...(t.env.DATABASE_URL
      ? { DATABASE_URL: t.env.DATABASE_URL }
      : { DATABASE_PATH: t.env.DATABASE_PATH }),
    SESSION_SECRET: 's'.repeat(40),
    UPLOAD_DIR: path.join(t.dir, 'uploads'),
    SEED_DEMO: 'false',
    ...extra,
  };
}

describe('npm start with SMTP_URL and MAIL_FROM', () => {
  it('sends the reset link through the SMTP server, with PUBLIC_URL in it; stops cleanly', async () => {
    const member = await createUser(t.db);
    const server = await startServerProcess(
      envFor({
        SMTP_URL: `smtp://mailer:secret@127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Contest Platform <noreply@contests.example.org>',
        PUBLIC_URL: 'https://contests.example.org',
      }),
    );
    servers.push(server);
    expect(server.output()).toContain(
      `Sending mail through smtp://mailer:***@127.0.0.1:${smtp.port}`,
    );
    expect(server.output()).not.toContain('secret');
    const res = await new HttpClient(server.base).post('/api/password/forgot', {
      identifier: member.username,
    });
    expect(res.status).toBe(202);
    const mail = await smtp.waitFor(member.email);
    expect(mail.from).toBe('noreply@contests.example.org');
    expect(linkIn(mail, '/reset-password').origin).toBe('https://contests.example.org');
    expect(await server.stop()).toBe(0);
    const [row] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, member.email));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('npm start without SMTP_URL (zero-config)', () => {
  it('keeps the message in the outbox and writes one log line with its link', async () => {
    const member = await createUser(t.db);
    const server = await startServerProcess(envFor({}));
    servers.push(server);
    expect(server.output()).toContain('No SMTP_URL');
    await new HttpClient(server.base).post('/api/password/forgot', { identifier: member.email });
    // The sender is woken by the request; its line follows within moments (bounded wait).
    for (let i = 0; i < 100 && !server.output().includes('"event":"mail-outbox"'); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const lines = server
      .output()
      .split('\n')
      .filter((l) => l.includes('"event":"mail-outbox"'));
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as { to: string; links: string[] };
    expect(line.to).toBe(member.email);
    expect(new URL(line.links[0]!).pathname).toBe('/reset-password');
    expect(new URL(line.links[0]!).origin).toBe(server.base);
    const [row] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, member.email));
    expect(row!.status).toBe('outbox');
    expect(await server.stop()).toBe(0);
  });
});
