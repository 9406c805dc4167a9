// `npm run admin -- <command>` (scripts/admin.ts) as an operator runs it, in a process of its own
// on the test's database (SQLite in the first pass, PostgreSQL in the second): each command
// does what it says, is audited as the console, and refuses bad input with a message and exit 1.
// `unlock` runs beside a real server process on the same database, as an operator would.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../src/server/platform/db/schema';
import { dialect } from '../../src/server/platform/db/dialectChoice';
import { createSession } from '../../src/server/domain/accounts/sessions';
import { createPasswordHasher } from '../../src/server/domain/accounts/passwords';
import { createTestDb, createUser, type TestDb } from '../helpers/db';
import { HttpClient } from '../helpers/server';
import { startServerProcess } from '../helpers/serverProcess';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

function admin(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...t.env, SESSION_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent' },
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

async function lastAudit() {
  const [row] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row!;
}

async function sessionCount(userId: number) {
  return (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
}

describe(`npm run admin (${dialect})`, () => {
  it('reset-password prints a temporary password that must be changed, and ends the sessions', async () => {
    const member = await createUser(t.db);
    await createSession({ db: t.db, userId: member.id });
    const run = admin('reset-password', member.username.toUpperCase());
    expect(run.code, run.err).toBe(0);
    const password = /Temporary password for \S+: (\S+)/.exec(run.out)?.[1];
    expect(password).toBeTruthy();
    const [row] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(row!.mustChangePassword).toBe(true);
    expect(await createPasswordHasher().verify(password!, row!.password)).toBe(true);
    expect(await sessionCount(member.id)).toBe(0);
    expect(await lastAudit()).toMatchObject({
      actorId: null,
      actorName: 'console',
      action: 'user.password',
      targetId: String(member.id),
    });
  }, 60_000);

  it('create-admin makes an admin with a temporary password; a bad e-mail is refused', async () => {
    const run = admin('create-admin', 'night_admin', 'night@example.org');
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/Created admin night_admin with the temporary password: \S+/);
    const [row] = await t.db.select().from(users).where(eq(users.username, 'night_admin'));
    expect(row).toMatchObject({ role: 'admin', mustChangePassword: true, subscriptionTier: null });
    expect((await lastAudit()).actorName).toBe('console');

    const bad = admin('create-admin', 'other_admin', 'not-an-email');
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/e-?mail/i);
    const taken = admin('create-admin', 'NIGHT_ADMIN', 'else@example.org');
    expect(taken.code).toBe(1);
    expect(taken.err).toMatch(/already/i);
  }, 60_000);

  it('list-admins lists the admin accounts', async () => {
    const boss = await createUser(t.db, { role: 'admin', username: 'listed_boss' });
    const run = admin('list-admins');
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain(`${boss.username}\t${boss.email}`);
  }, 60_000);

  it('end-sessions signs the account out everywhere, audited', async () => {
    const member = await createUser(t.db);
    await createSession({ db: t.db, userId: member.id });
    await createSession({ db: t.db, userId: member.id });
    const run = admin('end-sessions', member.username);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain('Ended 2 session(s)');
    expect(await sessionCount(member.id)).toBe(0);
    expect(await lastAudit()).toMatchObject({ actorName: 'console', action: 'user.sessions.end' });
  }, 60_000);

  it("unlock clears a running server's lock-out of an account: it can sign in again", async () => {
    const member = await createUser(t.db);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-unlock-'));
    const server = await startServerProcess({
      ...t.env,
      SESSION_SECRET: 'x'.repeat(40),
      UPLOAD_DIR: path.join(dir, 'uploads'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    });
    try {
      const signIn = (password: string) =>
        new HttpClient(server.base).post('/api/login', { username: member.username, password });
      // Five failures take the account's slot: even the right password must now wait.
      for (let i = 0; i < 5; i += 1) expect((await signIn('wrong-password')).status).toBe(401);
      const locked = await signIn(member.password);
      expect(locked.status).toBe(429);

      const run = admin('unlock', member.username.toUpperCase());
      expect(run.code, run.err).toBe(0);
      expect(run.out).toContain(`Cleared the sign-in lock-outs of ${member.username}`);
      expect(await lastAudit()).toMatchObject({ actorName: 'console', action: 'user.unlock' });

      // The same running server lets the account in at once.
      const after = await signIn(member.password);
      expect(after.status, JSON.stringify(after.json)).toBe(200);
    } finally {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('refuses an unknown account with exit 1, and an unknown command with the usage and exit 2', () => {
    const nobody = admin('reset-password', 'no_such_member');
    expect(nobody.code).toBe(1);
    expect(nobody.err).toContain('No account is named no_such_member');
    const unknown = admin('promote-everyone');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('Usage: npm run admin -- <command>');
  }, 60_000);
});
