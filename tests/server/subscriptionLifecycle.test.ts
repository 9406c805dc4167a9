// Subscriptions' ends (issue 33): the one scheduled round, its clock moved by the injectable
// 'now' (no sleeping). Reminders at 7 days, 1 day and the day, each once (a second round, two
// rounds racing); only the latest step due; the tier kept through the grace and dropped to the
// default tier after it (audited as the system's, notified, joined contests kept); the next plan
// started at the end; a renewal verified during the grace (or racing the drop) keeps the tier.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  contestParticipants,
  mailOutbox,
  notifications,
  users,
} from '../../src/server/platform/db/schema';
import { reviewProof } from '../../src/server/domain/money';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import {
  getPlatformSettings,
  savePaymentConfig,
  savePlatformSettings,
  getPaymentConfig,
} from '../../src/server/domain/settings';
import { subscriptionJob, subscriptionRound } from '../../src/server/domain/subscriptions';
import { runOnce } from '../../src/server/platform/jobs';
import { DEFAULT_PAYMENT_CONFIG } from '../../src/shared/schemas/settings';
import {
  DAY_MS,
  graceEndsAt,
  inGrace,
  isExpired,
  planDate,
  reminderDue,
} from '../../src/shared/subscriptions';
import type { Tier } from '../../src/shared/constants';
import { planOf as storedPlan } from '../helpers/subscriptions';
import { createTestDb, createUser, type CreatedUser, type TestDb } from '../helpers/db';
import { insertContest } from '../helpers/contests';
import { configureNetwork, sendProofAs } from '../helpers/payments';

const HOUR = 60 * 60 * 1000;
// A plan's end: 12 December 2026, noon UTC. Every clock below is counted from it.
const END = Date.UTC(2026, 11, 12, 12);
const at = (offsetMs: number) => new Date(END + offsetMs);

let t: TestDb;
let reviewer: CreatedUser;
beforeAll(async () => {
  t = await createTestDb();
  reviewer = await createUser(t.db, { role: 'moderator' });
});
afterAll(() => t?.close());
beforeEach(async () => {
  await savePaymentConfig({ db: t.db, value: DEFAULT_PAYMENT_CONFIG });
  await configureNetwork(t.db, 'ETH');
  // Nobody else's plan ends in these tests' windows: each test starts with none.
  await t.db.update(users).set({ tierExpiresAt: null, nextTier: null, nextPeriodDays: null });
});

async function memberWithPlan(
  tier: Tier,
  end: number | null,
  next?: { tier: Tier; days: number | null },
): Promise<CreatedUser> {
  const member = await createUser(t.db, { tier });
  await t.db
    .update(users)
    .set({
      tierExpiresAt: end === null ? null : new Date(end),
      nextTier: next?.tier ?? null,
      nextPeriodDays: next?.days ?? null,
    })
    .where(eq(users.id, member.id));
  return member;
}

const planOf = (userId: number) => storedPlan(t.db, userId);

const noticesOf = (userId: number) =>
  t.db
    .select({
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      dedupeKey: notifications.dedupeKey,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), like(notifications.kind, 'plan_%')))
    .orderBy(notifications.id);

const mailsTo = (userId: number) =>
  t.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(eq(mailOutbox.userId, userId))
    .orderBy(mailOutbox.id);

const auditsOf = (userId: number) =>
  t.db
    .select({
      action: auditLog.action,
      actorId: auditLog.actorId,
      actorName: auditLog.actorName,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, String(userId))));

const round = (now: Date) =>
  subscriptionRound({ db: t.db, now, origin: 'https://contests.example' });

/** Two rounds at once, as two app servers without the lease would run them. */
async function racing(now: Date) {
  const results = await Promise.all([round(now), round(now)]);
  return {
    reminded: results[0].reminded + results[1].reminded,
    switched: results[0].switched + results[1].switched,
    expired: results[0].expired + results[1].expired,
  };
}

describe('the timing rule (shared, pure)', () => {
  const end = at(0);
  it('names the latest reminder step due, once', () => {
    expect(reminderDue(end, at(-7 * DAY_MS - 1))).toBeNull();
    expect(reminderDue(end, at(-7 * DAY_MS))).toBe('7d');
    expect(reminderDue(end, at(-DAY_MS - 1))).toBe('7d');
    expect(reminderDue(end, at(-DAY_MS))).toBe('1d');
    expect(reminderDue(end, at(-1))).toBe('1d');
    expect(reminderDue(end, at(0))).toBe('day');
    expect(reminderDue(end, at(5 * DAY_MS))).toBe('day');
    // What was sent already: nothing again, nor an earlier step.
    expect(reminderDue(end, at(-HOUR), '1d')).toBeNull();
    expect(reminderDue(end, at(-HOUR), 'day')).toBeNull();
    expect(reminderDue(end, at(-HOUR), '7d')).toBe('1d');
  });

  it('the grace: from the end (kept) to end + graceDays (dropped)', () => {
    expect(graceEndsAt(end, 3)).toEqual(at(3 * DAY_MS));
    expect(inGrace(end, at(-1), 3)).toBe(false);
    expect(inGrace(end, at(0), 3)).toBe(true);
    expect(inGrace(end, at(3 * DAY_MS - 1), 3)).toBe(true);
    expect(inGrace(end, at(3 * DAY_MS), 3)).toBe(false);
    expect(isExpired(end, at(3 * DAY_MS - 1), 3)).toBe(false);
    expect(isExpired(end, at(3 * DAY_MS), 3)).toBe(true);
    expect(isExpired(end, at(0), 0)).toBe(true);
    expect(planDate(end)).toBe('12 December 2026');
  });
});

describe('reminders', () => {
  it('7 days, 1 day and on the day, each once, in-app and by e-mail', async () => {
    const member = await memberWithPlan('pro', END);
    expect(await round(at(-8 * DAY_MS))).toEqual({ reminded: 0, switched: 0, expired: 0 });

    expect((await round(at(-7 * DAY_MS + HOUR))).reminded).toBe(1);
    expect((await round(at(-7 * DAY_MS + 2 * HOUR))).reminded).toBe(0);
    expect((await racing(at(-6 * DAY_MS))).reminded).toBe(0);
    let notices = await noticesOf(member.id);
    expect(notices).toEqual([
      {
        kind: 'plan_reminder',
        title: 'Your Pro plan ends on 12 December 2026',
        body: expect.stringContaining('Renew it to keep Pro'),
        link: '/settings?tab=subscription',
        dedupeKey: `plan:${END}:7d`,
      },
    ]);

    expect((await racing(at(-DAY_MS + HOUR))).reminded).toBe(1);
    expect((await racing(at(-HOUR))).reminded).toBe(0);
    // On the day: the plan has ended, the grace keeps the tier.
    expect((await racing(at(HOUR))).reminded).toBe(1);
    expect((await round(at(2 * DAY_MS))).reminded).toBe(0);
    notices = await noticesOf(member.id);
    expect(notices.map((n) => n.dedupeKey)).toEqual([
      `plan:${END}:7d`,
      `plan:${END}:1d`,
      `plan:${END}:day`,
    ]);
    expect(notices[2]).toMatchObject({
      title: 'Your Pro plan ended on 12 December 2026',
      body: expect.stringContaining('Renew by 15 December 2026 to keep it'),
    });
    expect((await planOf(member.id)).tier).toBe('pro');
    // Reminders are e-mailed by default, each once, the link on the server's address.
    const mails = await mailsTo(member.id);
    expect(mails).toHaveLength(3);
    expect(mails[0]!.subject).toContain('Your Pro plan ends on 12 December 2026');
    expect(mails[0]!.text).toContain('https://contests.example/settings?tab=subscription');
  });

  it('sends only the latest step due (no 7-day reminder once the 1-day one is due)', async () => {
    const member = await memberWithPlan('standard', END);
    expect((await round(at(-12 * HOUR))).reminded).toBe(1);
    expect((await noticesOf(member.id)).map((n) => n.dedupeKey)).toEqual([`plan:${END}:1d`]);
  });

  it('reads every page of a round (members sharing an end included)', async () => {
    const members = [];
    for (let i = 0; i < 5; i++) members.push(await memberWithPlan('pro', i < 3 ? END : END + HOUR));
    const result = await subscriptionRound({ db: t.db, now: at(-2 * DAY_MS), pageSize: 2 });
    expect(result.reminded).toBe(5);
    for (const member of members) expect(await noticesOf(member.id)).toHaveLength(1);
  });

  it('opens no transaction for a reminder already sent (one read of the page instead)', async () => {
    const members = [];
    for (let i = 0; i < 4; i++) members.push(await memberWithPlan('pro', END));
    let transactions = 0;
    // The round's database, counting the transactions it opens.
    const counted = new Proxy(t.db, {
      get(target, prop, receiver) {
        const value: unknown = Reflect.get(target, prop, receiver);
        if (prop !== 'transaction' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          transactions++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const countedRound = (now: Date) =>
      subscriptionRound({ db: counted, now, origin: 'https://contests.example', pageSize: 3 });
    expect((await countedRound(at(-5 * DAY_MS))).reminded).toBe(4);
    expect(transactions).toBe(4);
    transactions = 0;
    // The rounds of the next days, until the 1-day step is due: nothing to send, nothing opened.
    expect((await countedRound(at(-4 * DAY_MS))).reminded).toBe(0);
    expect((await countedRound(at(-2 * DAY_MS))).reminded).toBe(0);
    expect(transactions).toBe(0);
    // The next step is sent once more to each.
    expect((await countedRound(at(-DAY_MS + HOUR))).reminded).toBe(4);
    for (const member of members) expect(await noticesOf(member.id)).toHaveLength(2);
  });

  it('leaves plans without an end, far ends and admins alone', async () => {
    const forever = await memberWithPlan('elite', null);
    const far = await memberWithPlan('pro', END + 30 * DAY_MS);
    const admin = await createUser(t.db, { role: 'admin' });
    await t.db
      .update(users)
      .set({ tierExpiresAt: at(0) })
      .where(eq(users.id, admin.id));
    expect(await round(at(4 * DAY_MS))).toEqual({ reminded: 0, switched: 0, expired: 0 });
    for (const user of [forever, far, admin]) expect(await noticesOf(user.id)).toEqual([]);
    expect((await planOf(admin.id)).tier).toBeNull();
  });
});

describe('expiry', () => {
  it('keeps the tier through the grace, then drops to the default tier once', async () => {
    const member = await memberWithPlan('pro', END);
    const owner = await createUser(t.db, { role: 'admin' });
    const contest = await insertContest(t.db, { createdBy: owner.id, requiredTier: 'pro' });
    await addParticipant({ db: t.db, contestId: contest.id, userId: member.id });

    await round(at(HOUR));
    // Grace of 3 days (the default): a moment before its end nothing is dropped.
    expect((await racing(at(3 * DAY_MS - 1))).expired).toBe(0);
    expect(await planOf(member.id)).toMatchObject({ tier: 'pro', expiresAt: at(0) });

    expect((await racing(at(3 * DAY_MS))).expired).toBe(1);
    expect(await planOf(member.id)).toMatchObject({ tier: 'free', expiresAt: null });
    expect((await round(at(4 * DAY_MS))).expired).toBe(0);

    const audits = await auditsOf(member.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'subscription.expired',
      actorId: null,
      actorName: 'system',
    });
    expect(JSON.parse(audits[0]!.before!)).toEqual({
      tier: 'pro',
      expiresAt: at(0).toISOString(),
    });
    expect(JSON.parse(audits[0]!.after!)).toEqual({ tier: 'free', expiresAt: null, graceDays: 3 });
    const ended = (await noticesOf(member.id)).filter((n) => n.kind === 'plan_ended');
    expect(ended).toEqual([
      expect.objectContaining({
        title: 'Your Pro plan has ended',
        dedupeKey: `plan:${END}:ended`,
        link: '/settings?tab=subscription',
      }),
    ]);
    // The contest joined on Pro stays joined.
    const joined = await t.db
      .select({ userId: contestParticipants.userId })
      .from(contestParticipants)
      .where(eq(contestParticipants.contestId, contest.id));
    expect(joined).toEqual([{ userId: member.id }]);
  });

  it('follows the grace and the default tier of the settings', async () => {
    const config = await getPaymentConfig({ db: t.db });
    await savePaymentConfig({ db: t.db, value: { ...config, graceDays: 0 } });
    const platform = await getPlatformSettings({ db: t.db });
    await savePlatformSettings({ db: t.db, value: { ...platform, defaultUserTier: 'standard' } });
    try {
      const member = await memberWithPlan('elite', END);
      expect(await round(at(-1))).toMatchObject({ expired: 0 });
      // No grace: the drop comes at the end itself, with no 'on the day' reminder.
      expect(await round(at(0))).toEqual({ reminded: 0, switched: 0, expired: 1 });
      expect(await planOf(member.id)).toMatchObject({ tier: 'standard', expiresAt: null });
    } finally {
      await savePlatformSettings({ db: t.db, value: platform });
    }
  });

  it('a renewal verified during the grace keeps the tier', async () => {
    const member = await memberWithPlan('pro', END);
    const proof = await sendProofAs(t, member, { tier: 'pro', periodDays: 30 });
    await reviewProof({
      db: t.db,
      actor: { id: reviewer.id, username: reviewer.username, role: 'moderator' },
      id: proof.id,
      status: 'verified',
      now: END + DAY_MS,
    });
    expect(await planOf(member.id)).toMatchObject({ tier: 'pro', expiresAt: at(31 * DAY_MS) });
    expect(await round(at(3 * DAY_MS))).toEqual({ reminded: 0, switched: 0, expired: 0 });
    expect((await planOf(member.id)).tier).toBe('pro');
    expect(await auditsOf(member.id)).toEqual([]);
  });

  it('a renewal racing the drop: one effect each, the member holds the plan bought', async () => {
    const member = await memberWithPlan('pro', END);
    const proof = await sendProofAs(t, member, { tier: 'pro', periodDays: 30 });
    const now = END + 3 * DAY_MS;
    await Promise.all([
      round(at(3 * DAY_MS)),
      reviewProof({
        db: t.db,
        actor: { id: reviewer.id, username: reviewer.username, role: 'moderator' },
        id: proof.id,
        status: 'verified',
        now,
      }),
    ]);
    // Renewed first (the drop finds another end and does nothing) or dropped first (the
    // renewal buys Pro again from now): either way Pro for 30 days from the verification.
    expect(await planOf(member.id)).toMatchObject({
      tier: 'pro',
      expiresAt: new Date(now + 30 * DAY_MS),
    });
    expect((await auditsOf(member.id)).length).toBeLessThanOrEqual(1);
  });
});

describe('the next plan', () => {
  it('starts at the end, its days from the old end, audited and notified once', async () => {
    const member = await memberWithPlan('elite', END, { tier: 'standard', days: 30 });
    await round(at(-DAY_MS));
    expect((await noticesOf(member.id))[0]).toMatchObject({
      title: 'Your Elite plan ends on 12 December 2026',
      body: 'Your Standard plan starts then.',
    });
    expect((await racing(at(-1))).switched).toBe(0);
    expect((await racing(at(10 * 60 * 1000))).switched).toBe(1);
    expect(await planOf(member.id)).toEqual({
      tier: 'standard',
      expiresAt: at(30 * DAY_MS),
      nextTier: null,
      nextPeriodDays: null,
    });
    // No grace, no drop: the new plan runs.
    expect(await round(at(4 * DAY_MS))).toEqual({ reminded: 0, switched: 0, expired: 0 });
    const audits = await auditsOf(member.id);
    expect(audits.map((a) => a.action)).toEqual(['subscription.next_plan']);
    expect(audits[0]!.actorName).toBe('system');
    expect(JSON.parse(audits[0]!.after!)).toEqual({
      tier: 'standard',
      periodDays: 30,
      expiresAt: at(30 * DAY_MS).toISOString(),
    });
    const changed = (await noticesOf(member.id)).filter((n) => n.kind === 'plan_changed');
    expect(changed).toEqual([
      expect.objectContaining({
        title: 'Your Standard plan has started',
        dedupeKey: `plan:${END}:next`,
      }),
    ]);
  });

  it('a next plan without an end leaves no end date', async () => {
    const member = await memberWithPlan('pro', END, { tier: 'standard', days: null });
    expect((await round(at(0))).switched).toBe(1);
    expect(await planOf(member.id)).toMatchObject({ tier: 'standard', expiresAt: null });
  });
});

describe('the job', () => {
  it('runs a round at its clock under its lease, once per period', async () => {
    const member = await memberWithPlan('pro', END);
    let clock = at(-DAY_MS + HOUR);
    const heard: unknown[] = [];
    const job = subscriptionJob({
      db: t.db,
      now: () => clock,
      origin: async () => 'https://contests.example',
      onDone: (result) => heard.push(result),
    });
    expect(job).toMatchObject({ name: 'subscriptions', lease: 'subscriptions', everyMs: 600_000 });
    expect(await runOnce(t.db, job)).toEqual({ reminded: 1, switched: 0, expired: 0 });
    // The lease's period has not passed (in real time): another server's round is skipped.
    clock = at(4 * DAY_MS);
    expect(await runOnce(t.db, job)).toBeUndefined();
    expect((await planOf(member.id)).tier).toBe('pro');
    job.onDone?.({ reminded: 0, switched: 0, expired: 0 });
    expect(heard).toEqual([]);
  });
});
