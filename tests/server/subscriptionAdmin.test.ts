// Staff and plans (issue 33): an admin grants a paid tier for some days, extends the plan held
// (capped 3 years ahead), or ends it (the default tier now, no next plan), always with a reason;
// audited, told to the member (in-app, e-mail by their preference); the users list shows the
// plan's end. tRPC and REST (POST /api/admin/users/{id}/subscription), admins only.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications } from '../../src/server/platform/db/schema';
import { changePlanAsStaff } from '../../src/server/domain/admin';
import { DAY_MS, MAX_AHEAD_DAYS } from '../../src/shared/subscriptions';
import { STAFF_PLAN_MESSAGES as SM } from '../../src/shared/schemas/adminUsers';
import { clientFor } from '../helpers/accounts';
import { callerFor, createUser, type CreatedUser } from '../helpers/db';
import { refusal } from '../helpers/errors';
import { mailsTo } from '../helpers/mail';
import { planOf as storedPlan, setPlan as setStoredPlan } from '../helpers/subscriptions';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let admin: CreatedUser;
beforeAll(async () => {
  s = await startTestServer();
  admin = await createUser(s.db, { role: 'admin' });
});
afterAll(() => s?.stop());

const inDays = (days: number, from: number) => new Date(from + days * DAY_MS);
const actor = () => ({ id: admin.id, username: admin.username, role: 'admin' as const });
const staff = () => callerFor(s, admin).caller.adminUsers;

const planOf = (userId: number) => storedPlan(s.db, userId);

const setPlan = (userId: number, values: Parameters<typeof setStoredPlan>[2]) =>
  setStoredPlan(s.db, userId, values);

async function lastPlanAudit(userId: number) {
  const [row] = await s.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, String(userId))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return { action: row!.action, before: JSON.parse(row!.before!), after: JSON.parse(row!.after!) };
}

const noticesOf = (userId: number) =>
  s.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'plan_changed')))
    .orderBy(desc(notifications.id));

describe('grant', () => {
  it('gives a paid tier for the days from now, audited and told to the member', async () => {
    const member = await createUser(s.db);
    const now = Date.now();
    const answer = await changePlanAsStaff({
      db: s.db,
      actor: actor(),
      input: { id: member.id, action: 'grant', tier: 'pro', days: 14, reason: 'Conference comp' },
      now,
    });
    expect(answer).toMatchObject({ id: member.id, subscriptionTier: 'pro' });
    expect(answer.tierExpiresAt).toEqual(inDays(14, now));
    expect(await planOf(member.id)).toMatchObject({ tier: 'pro', expiresAt: inDays(14, now) });
    expect(await lastPlanAudit(member.id)).toEqual({
      action: 'user.plan.grant',
      before: { tier: 'free', expiresAt: null, nextTier: null, nextPeriodDays: null },
      after: {
        tier: 'pro',
        expiresAt: inDays(14, now).toISOString(),
        nextTier: null,
        nextPeriodDays: null,
        days: 14,
        reason: 'Conference comp',
      },
    });
    const [notice] = await noticesOf(member.id);
    expect(notice).toMatchObject({
      title: 'You have the Pro plan',
      link: '/settings?tab=subscription',
    });
    expect(notice!.body).toContain(inDays(14, now).toISOString().slice(0, 10));
    expect(notice!.body).toContain('Reason: Conference comp');
    // plan_changed is e-mailed by default.
    expect((await mailsTo(s.db, member.email)).some((m) => m.subject.includes('Pro plan'))).toBe(
      true,
    );
  });

  it('mails nothing when the member chose in-app only', async () => {
    const member = await createUser(s.db);
    await callerFor(s, member).caller.notifications.setPreferences({
      preferences: [{ kind: 'plan_changed', channel: 'in_app' }],
    });
    await staff().subscription({
      id: member.id,
      action: 'grant',
      tier: 'elite',
      days: 30,
      reason: '  Beta tester  ',
    });
    expect(await noticesOf(member.id)).toHaveLength(1);
    expect(await mailsTo(s.db, member.email)).toEqual([]);
    // The reason is trimmed.
    expect((await lastPlanAudit(member.id)).after.reason).toBe('Beta tester');
  });
});

describe('extend', () => {
  it('moves the end still ahead out by the days', async () => {
    const member = await createUser(s.db);
    const now = Date.now();
    await setPlan(member.id, { tier: 'standard', expiresAt: inDays(10, now) });
    await changePlanAsStaff({
      db: s.db,
      actor: actor(),
      input: { id: member.id, action: 'extend', days: 30, reason: 'Outage' },
      now,
    });
    expect(await planOf(member.id)).toMatchObject({
      tier: 'standard',
      expiresAt: inDays(40, now),
    });
    const audit = await lastPlanAudit(member.id);
    expect(audit.action).toBe('user.plan.extend');
    expect(audit.before.expiresAt).toBe(inDays(10, now).toISOString());
    expect(audit.after.expiresAt).toBe(inDays(40, now).toISOString());
    expect((await noticesOf(member.id))[0]!.title).toBe('Your Standard plan was extended');
  });

  it('runs from now for an ended plan or a permanent tier, capped 3 years ahead', async () => {
    const member = await createUser(s.db);
    const now = Date.now();
    await setPlan(member.id, { tier: 'pro', expiresAt: inDays(-5, now) });
    const input = { id: member.id, action: 'extend' as const, days: 7, reason: 'Sorry' };
    await changePlanAsStaff({ db: s.db, actor: actor(), input, now });
    expect((await planOf(member.id)).expiresAt).toEqual(inDays(7, now));
    // A tier from before plans (no end) gets one.
    await setPlan(member.id, { tier: 'pro', expiresAt: null });
    await changePlanAsStaff({ db: s.db, actor: actor(), input, now });
    expect((await planOf(member.id)).expiresAt).toEqual(inDays(7, now));
    await setPlan(member.id, { tier: 'pro', expiresAt: inDays(1000, now) });
    await changePlanAsStaff({ db: s.db, actor: actor(), input: { ...input, days: 500 }, now });
    expect((await planOf(member.id)).expiresAt).toEqual(inDays(MAX_AHEAD_DAYS, now));
  });

  it('refuses a member without a paid tier: 400, nothing changed', async () => {
    const member = await createUser(s.db);
    expect(
      await refusal(
        staff().subscription({ id: member.id, action: 'extend', days: 5, reason: 'x' }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: SM.noPaidTier });
    expect(await planOf(member.id)).toMatchObject({ tier: 'free', expiresAt: null });
    expect(await noticesOf(member.id)).toEqual([]);
  });
});

describe('end', () => {
  it('drops to the default tier now and clears the next plan', async () => {
    const member = await createUser(s.db);
    const now = Date.now();
    await setPlan(member.id, {
      tier: 'elite',
      expiresAt: inDays(20, now),
      nextTier: 'standard',
      nextPeriodDays: 30,
    });
    const answer = await staff().subscription({
      id: member.id,
      action: 'end',
      reason: 'Chargeback',
    });
    expect(answer).toMatchObject({ subscriptionTier: 'free', tierExpiresAt: null });
    expect(await planOf(member.id)).toEqual({
      tier: 'free',
      expiresAt: null,
      nextTier: null,
      nextPeriodDays: null,
    });
    const audit = await lastPlanAudit(member.id);
    expect(audit).toMatchObject({
      action: 'user.plan.end',
      before: { tier: 'elite', nextTier: 'standard', nextPeriodDays: 30 },
      after: { tier: 'free', expiresAt: null, nextTier: null, reason: 'Chargeback' },
    });
    expect((await noticesOf(member.id))[0]!.body).toBe(
      'An administrator ended your Elite plan: you are on the Free tier now. Reason: Chargeback',
    );
  });
});

describe('bad input', () => {
  it('answers 400 with a clear message, 404 for an unknown user, nothing changed', async () => {
    const member = await createUser(s.db);
    await setPlan(member.id, { tier: 'pro', expiresAt: inDays(10, Date.now()) });
    const before = await planOf(member.id);
    const http = await clientFor(s, admin.id);
    const post = (body: Record<string, unknown>, id: number | string = member.id) =>
      http.post(`/api/admin/users/${id}/subscription`, body);
    const cases: [Record<string, unknown>, string][] = [
      [{ action: 'extend', days: -3, reason: 'r' }, SM.days],
      [{ action: 'extend', days: 0, reason: 'r' }, SM.days],
      [{ action: 'extend', days: 1096, reason: 'r' }, SM.days],
      [{ action: 'extend', days: 1e12, reason: 'r' }, SM.days],
      [{ action: 'extend', days: 2.5, reason: 'r' }, SM.days],
      [{ action: 'extend', days: '30', reason: 'r' }, SM.days],
      [{ action: 'extend', reason: 'r' }, SM.daysRequired],
      [{ action: 'grant', days: 30, reason: 'r' }, SM.tierRequired],
      [{ action: 'grant', tier: 'free', days: 30, reason: 'r' }, SM.tier],
      [{ action: 'grant', tier: 'premium', days: 30, reason: 'r' }, SM.tier],
      [{ action: 'extend', tier: 'pro', days: 30, reason: 'r' }, SM.tierNotAllowed],
      [{ action: 'end', days: 3, reason: 'r' }, SM.daysNotAllowed],
      [{ action: 'pause', reason: 'r' }, SM.action],
      [{ action: 'end' }, SM.reason],
      [{ action: 'end', reason: '   ' }, SM.reason],
      [{ action: 'end', reason: 'x'.repeat(501) }, SM.reasonMax],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message, JSON.stringify(body)).toBe(message);
    }
    expect(await planOf(member.id)).toEqual(before);

    const unknown = await post({ action: 'end', reason: 'r' }, 2_000_000);
    expect(unknown.status).toBe(404);
    // A path id that is no id names no user, as on every /admin/users/{id} path.
    expect((await post({ action: 'end', reason: 'r' }, 'abc')).status).toBe(404);

    const otherAdmin = await createUser(s.db, { role: 'admin' });
    const onAdmin = await post(
      { action: 'grant', tier: 'pro', days: 3, reason: 'r' },
      otherAdmin.id,
    );
    expect(onAdmin.status).toBe(400);
    expect(onAdmin.json.message).toBe(SM.admin);
  });

  it('is for admins only', async () => {
    const member = await createUser(s.db);
    const moderator = await createUser(s.db, { role: 'moderator' });
    const body = { action: 'grant', tier: 'elite', days: 30, reason: 'me' };
    for (const who of [member, moderator]) {
      const res = await (
        await clientFor(s, who.id)
      ).post(`/api/admin/users/${member.id}/subscription`, body);
      expect(res.status).toBe(403);
    }
    expect(
      await refusal(
        callerFor(s).caller.adminUsers.subscription({
          id: member.id,
          action: 'end',
          reason: 'r',
        }),
      ),
    ).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await planOf(member.id)).toMatchObject({ tier: 'free', expiresAt: null });
  });
});

describe('the users list', () => {
  it("shows each member's plan end (REST as well)", async () => {
    const member = await createUser(s.db);
    const res = await (
      await clientFor(s, admin.id)
    ).post(`/api/admin/users/${member.id}/subscription`, {
      action: 'grant',
      tier: 'standard',
      days: 30,
      reason: 'Trial',
    });
    expect(res.status).toBe(200);
    const end = res.json.tierExpiresAt as string;
    expect(new Date(end).getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    const list = await staff().list({ search: member.username });
    expect(list.users).toEqual([
      expect.objectContaining({ id: member.id, tierExpiresAt: new Date(end) }),
    ]);
    const rest = await (await clientFor(s, admin.id)).get(`/api/users?search=${member.username}`);
    expect(rest.json).toEqual([expect.objectContaining({ id: member.id, tierExpiresAt: end })]);
  });

  it('a tier set in the user edit is held without an end: the old plan and its next plan go', async () => {
    const member = await createUser(s.db);
    const now = Date.now();
    await setPlan(member.id, {
      tier: 'pro',
      expiresAt: inDays(10, now),
      nextTier: 'standard',
      nextPeriodDays: 30,
    });
    await staff().update({ id: member.id, subscriptionTier: 'elite' });
    expect(await planOf(member.id)).toEqual({
      tier: 'elite',
      expiresAt: null,
      nextTier: null,
      nextPeriodDays: null,
    });
    // A role change that keeps the tier keeps its plan.
    await setPlan(member.id, { tier: 'pro', expiresAt: inDays(10, now) });
    await staff().update({ id: member.id, role: 'moderator' });
    expect((await planOf(member.id)).expiresAt).toEqual(inDays(10, now));
  });
});
