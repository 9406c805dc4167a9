// `npm run admin -- reset-2fa USER` as an operator runs it, in a process of its own on the test's
// database (SQLite, then PostgreSQL): two-factor sign-in off, sessions ended, audited as the
// console; an unknown account or one without it is refused with a message and exit 1.
import { spawnSync } from 'node:child_process';
import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, sessions, twoFactor } from '../../src/server/platform/db/schema';
import { dialect } from '../../src/server/platform/db/dialectChoice';
import { createSession } from '../../src/server/domain/accounts/sessions';
import { callerFor, createTestDb, createUser, type TestDb } from '../helpers/db';
import { holdClock, turnOn } from '../helpers/twoFactor';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

function admin(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...t.env, SESSION_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent' },
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe(`npm run admin -- reset-2fa (${dialect})`, () => {
  it('turns it off, ends the sessions, and is audited as the console', async () => {
    holdClock();
    const member = await createUser(t.db);
    await turnOn(callerFor(t, member).caller);
    await createSession({ db: t.db, userId: member.id });
    vi.useRealTimers();

    const run = admin('reset-2fa', member.username.toUpperCase());
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain(`Two-factor sign-in of ${member.username} is off`);
    expect(await t.db.select().from(twoFactor).where(eq(twoFactor.userId, member.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
    const [entry] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      actorId: null,
      actorName: 'console',
      action: 'user.2fa.reset',
      targetId: String(member.id),
    });

    const again = admin('reset-2fa', member.username);
    expect(again.code).toBe(1);
    expect(again.err).toContain(`${member.username} does not use two-factor sign-in`);
    const nobody = admin('reset-2fa', 'no_such_member');
    expect(nobody.code).toBe(1);
    expect(nobody.err).toContain('No account is named no_such_member');
    const usage = admin('reset-2fa');
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('reset-2fa USER');
  }, 120_000);
});
