// Notifications (issue 20): each event writes the member's notification in its own transaction,
// with an e-mail in mail_outbox when the member's preference (or the kind's default) says so;
// preferences, paging, marking read (own only), the live channel, and the start reminders sent
// once however many schedulers race.
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  contestParticipants,
  mailOutbox,
  notifications,
  settings,
} from '../../src/server/platform/db/schema';
import {
  closeDatabase,
  openConfiguredDatabase,
  type DB,
} from '../../src/server/platform/db/client';
import { dialect } from '../../src/server/platform/db/dialectChoice';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { importScoresCsv } from '../../src/server/domain/participation/leaderboard';
import { notify, reminderRound, sendContestReminders } from '../../src/server/domain/messages';
import { notificationChanges } from '../../src/server/platform/events';
import { NOTIFICATION_KIND_INFO, PREFERENCE_KINDS } from '../../src/shared/notifications';
import { NOTIFICATION_MESSAGES } from '../../src/shared/schemas/notifications';
import { callerFor, createTestDb, createUser, type CreatedUser } from '../helpers/db';
import { DAY, insertContest } from '../helpers/contests';
import { configureNetwork, insertProof } from '../helpers/payments';
import { failure } from '../helpers/errors';

const t = await createTestDb();
afterAll(() => t.close());
await configureNetwork(t.db, 'ETH');

const admin = await createUser(t.db, { role: 'admin' });
const moderator = await createUser(t.db, { role: 'moderator' });
const as = (user: CreatedUser) => callerFor(t, user).caller;

async function mine(user: CreatedUser) {
  return t.db
    .select({
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, user.id))
    .orderBy(notifications.id);
}

async function mailsTo(user: CreatedUser) {
  return t.db
    .select({
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      text: mailOutbox.textBody,
      kind: mailOutbox.kind,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.userId, user.id))
    .orderBy(mailOutbox.id);
}

describe('payment proofs reviewed', () => {
  it('verified: the member is told in the app and by e-mail, and of the join it made', async () => {
    const member = await createUser(t.db);
    const contest = await insertContest(t.db, {
      createdBy: admin.id,
      participationType: 'paid',
      entryFee: '25',
      title: 'Paid Cup',
    });
    const proofId = await insertProof(t.db, { userId: member.id, contestId: contest.id });
    await as(moderator).payments.review({ id: proofId, status: 'verified' });

    const rows = await mine(member);
    expect(rows.map((r) => r.kind)).toEqual(['payment_verified', 'contest_joined']);
    expect(rows[0]!.body).toContain('Paid Cup');
    expect(rows[0]!.body).toContain('You are now taking part');
    expect(rows[0]!.link).toBe(`/contests/${contest.slug}`);
    expect(rows.every((r) => r.readAt === null)).toBe(true);
    // Payments are e-mailed by default; a join is not.
    const mails = await mailsTo(member);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: member.email, kind: 'notice' });
    expect(mails[0]!.subject).toContain('Payment verified');
    expect(mails[0]!.text).toContain(`http://localhost/contests/${contest.slug}`);
    expect(await as(member).notifications.unreadCount()).toEqual({ unread: 2 });
  });

  it('rejected: the reason is in the notification and the e-mail', async () => {
    const member = await createUser(t.db);
    const proofId = await insertProof(t.db, { userId: member.id, tier: 'pro' });
    await as(admin).payments.review({
      id: proofId,
      status: 'rejected',
      reason: 'The transaction is not on the chain',
    });
    const [row] = await mine(member);
    expect(row).toMatchObject({ kind: 'payment_rejected', link: '/settings?tab=payments' });
    expect(row!.body).toContain('Reason: The transaction is not on the chain');
    const mails = await mailsTo(member);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('The transaction is not on the chain');
  });

  it('in-app only when the member chose so: no e-mail', async () => {
    const member = await createUser(t.db);
    await as(member).notifications.setPreferences({
      preferences: [{ kind: 'payment_rejected', channel: 'in_app' }],
    });
    const proofId = await insertProof(t.db, { userId: member.id, tier: 'pro' });
    await as(admin).payments.review({ id: proofId, status: 'rejected', reason: 'No' });
    expect((await mine(member)).map((r) => r.kind)).toEqual(['payment_rejected']);
    expect(await mailsTo(member)).toEqual([]);
  });

  it('a refused review writes nothing', async () => {
    const member = await createUser(t.db);
    const proofId = await insertProof(t.db, { userId: member.id, tier: 'pro' });
    await expect(as(member).payments.review({ id: proofId, status: 'verified' })).rejects.toThrow();
    expect(await mine(member)).toEqual([]);
  });
});

describe('contests approved, rejected and completed', () => {
  it('approval tells the creator, by e-mail too', async () => {
    const creator = await createUser(t.db);
    const contest = await insertContest(t.db, {
      createdBy: creator.id,
      status: 'pending',
      title: 'Spring Open',
    });
    await as(moderator).contests.setStatus({ id: contest.id, status: 'active' });
    const [row] = await mine(creator);
    expect(row).toMatchObject({ kind: 'contest_approved', title: 'Contest approved: Spring Open' });
    expect(await mailsTo(creator)).toHaveLength(1);
  });

  it('rejection carries its reason (and the audit keeps it)', async () => {
    const creator = await createUser(t.db);
    const contest = await insertContest(t.db, { createdBy: creator.id, status: 'pending' });
    await as(admin).contests.setStatus({
      id: contest.id,
      status: 'rejected',
      reason: 'The prize is not described',
    });
    const [row] = await mine(creator);
    expect(row!.kind).toBe('contest_rejected');
    expect(row!.body).toContain('Reason: The prize is not described');
    const mails = await mailsTo(creator);
    expect(mails[0]!.text).toContain('The prize is not described');
  });

  it('an approval through the edit dialog tells the creator too', async () => {
    const creator = await createUser(t.db);
    const contest = await insertContest(t.db, { createdBy: creator.id, status: 'pending' });
    await as(admin).contests.update({ id: contest.id, status: 'active' });
    expect((await mine(creator)).map((r) => r.kind)).toEqual(['contest_approved']);
  });

  it('an admin approving their own contest is not told', async () => {
    const own = await createUser(t.db, { role: 'admin' });
    const contest = await insertContest(t.db, { createdBy: own.id, status: 'pending' });
    await as(own).contests.setStatus({ id: contest.id, status: 'active' });
    expect(await mine(own)).toEqual([]);
  });

  it('completion tells each participant their final rank (ties shared, unscored said)', async () => {
    const contest = await insertContest(t.db, { createdBy: admin.id, title: 'Final Cup' });
    const [a, b, c, d] = [
      await createUser(t.db),
      await createUser(t.db),
      await createUser(t.db),
      await createUser(t.db),
    ];
    await addParticipant({ db: t.db, contestId: contest.id, userId: a!.id, score: 10 });
    await addParticipant({ db: t.db, contestId: contest.id, userId: b!.id, score: 30 });
    await addParticipant({ db: t.db, contestId: contest.id, userId: c!.id, score: 10 });
    await addParticipant({ db: t.db, contestId: contest.id, userId: d!.id });
    await as(admin).contests.setStatus({ id: contest.id, status: 'completed' });
    const bodyOf = async (u: CreatedUser) =>
      (await mine(u)).find((r) => r.kind === 'contest_results')!.body;
    expect(await bodyOf(b!)).toContain('You finished #1 of 4');
    expect(await bodyOf(a!)).toContain('You finished #2 of 4');
    expect(await bodyOf(c!)).toContain('You finished #2 of 4');
    expect(await bodyOf(d!)).toContain('You had no score');
    // Final results are e-mailed by default.
    expect((await mailsTo(a!)).map((m) => m.subject)[0]).toContain('Final results: Final Cup');
  });
});

describe('joining and scores', () => {
  it('joining tells the member in the app; by e-mail only when they chose it', async () => {
    const member = await createUser(t.db);
    const contest = await insertContest(t.db, { createdBy: admin.id });
    await as(member).participation.join({ contestId: contest.id });
    expect((await mine(member)).map((r) => r.kind)).toEqual(['contest_joined']);
    expect(await mailsTo(member)).toEqual([]);

    const other = await createUser(t.db);
    await as(other).notifications.setPreferences({
      preferences: [{ kind: 'contest_joined', channel: 'email' }],
    });
    await as(other).participation.join({ contestId: contest.id });
    expect(await mailsTo(other)).toHaveLength(1);
  });

  it('a score change tells only the members whose score changed, from the form and a CSV file', async () => {
    const contest = await insertContest(t.db, {
      createdBy: admin.id,
      title: 'Score Cup',
      scoreDecimals: 1,
    });
    const [a, b] = [await createUser(t.db), await createUser(t.db)];
    await addParticipant({ db: t.db, contestId: contest.id, userId: a!.id });
    await addParticipant({ db: t.db, contestId: contest.id, userId: b!.id, score: 5 });
    await as(admin).leaderboard.setScores({
      contestId: contest.id,
      scores: [
        { username: a!.username, score: 12.5 },
        { username: b!.username, score: 5 },
      ],
    });
    expect((await mine(a!)).map((r) => r.body)).toEqual(['Your score in “Score Cup” is now 12.5.']);
    expect(await mine(b!)).toEqual([]);

    await importScoresCsv({
      db: t.db,
      actor: { id: admin.id, username: admin.username, role: 'admin' },
      contestId: contest.id,
      text: `username,score\n${b!.username},7\n`,
    });
    expect((await mine(b!)).map((r) => r.body)).toEqual([
      'Your score in “Score Cup” is now 7.0 (was 5.0).',
    ]);
    // In-app only by default.
    expect(await mailsTo(b!)).toEqual([]);
  });
});

const reader = await createUser(t.db);
const stranger = await createUser(t.db);
for (let i = 1; i <= 25; i++) {
  await notify(t.db, { userId: reader.id, kind: 'score_changed', title: `N${i}`, body: `B${i}` });
}
await notify(t.db, { userId: stranger.id, kind: 'score_changed', title: 'S', body: 'S' });

describe('reading and marking', () => {
  it('pages newest first, with the total and the unread count', async () => {
    const first = await as(reader).notifications.list({ page: 1, pageSize: 10 });
    expect(first.items.map((n) => n.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `N${25 - i}`),
    );
    expect(first).toMatchObject({ total: 25, unread: 25, page: 1, pageSize: 10 });
    const third = await as(reader).notifications.list({ page: 3, pageSize: 10 });
    expect(third.items.map((n) => n.title)).toEqual(['N5', 'N4', 'N3', 'N2', 'N1']);
  });

  it("marks its own by id; another member's ids are left alone", async () => {
    const page = await as(reader).notifications.list({ page: 1, pageSize: 2 });
    const [strangers] = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, stranger.id));
    const result = await as(reader).notifications.markRead({
      ids: [...page.items.map((n) => n.id), strangers!.id],
    });
    expect(result).toEqual({ marked: 2, unread: 23 });
    expect(await as(stranger).notifications.unreadCount()).toEqual({ unread: 1 });
    const unread = await as(reader).notifications.list({ unread: true, page: 1, pageSize: 100 });
    expect(unread.total).toBe(23);
    expect(unread.items.some((n) => n.title === 'N25' || n.title === 'N24')).toBe(false);
  });

  it('marks all read, and only its own', async () => {
    expect(await as(reader).notifications.markRead({ all: true })).toEqual({
      marked: 23,
      unread: 0,
    });
    expect(await as(reader).notifications.markRead({ all: true })).toEqual({
      marked: 0,
      unread: 0,
    });
    expect(await as(stranger).notifications.unreadCount()).toEqual({ unread: 1 });
  });

  it('refuses a request that says neither ids nor all, or both', async () => {
    for (const input of [{}, { ids: [1], all: true as const }, { ids: [] }]) {
      const error = await failure(as(reader).notifications.markRead(input));
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.message).toBe(NOTIFICATION_MESSAGES.markWhat);
    }
  });

  it('tells the open bell of a change once it commits', async () => {
    const abort = new AbortController();
    const changes = await notificationChanges({
      db: t.db,
      userId: stranger.id,
      signal: abort.signal,
    });
    const next = changes.next();
    await notify(t.db, { userId: stranger.id, kind: 'contest_joined', title: 'X', body: 'Y' });
    const heard = await next;
    expect(heard.done).toBe(false);
    expect(heard.value!.change.version).toBeGreaterThan(0);
    abort.abort();
    await changes.return(undefined);
  });
});

describe('preferences', () => {
  it("answers the defaults (payments by e-mail), then the member's choices", async () => {
    const member = await createUser(t.db);
    const before = await as(member).notifications.preferences();
    expect(before.preferences.map((p) => p.kind)).toEqual([...PREFERENCE_KINDS]);
    for (const p of before.preferences) {
      expect(p).toEqual({
        kind: p.kind,
        channel: NOTIFICATION_KIND_INFO[p.kind].defaultChannel,
        isDefault: true,
      });
    }
    expect(before.preferences.find((p) => p.kind === 'payment_verified')!.channel).toBe('email');
    const after = await as(member).notifications.setPreferences({
      preferences: [
        { kind: 'payment_verified', channel: 'in_app' },
        { kind: 'score_changed', channel: 'email' },
      ],
    });
    expect(after.preferences.find((p) => p.kind === 'payment_verified')).toEqual({
      kind: 'payment_verified',
      channel: 'in_app',
      isDefault: false,
    });
    expect(after.preferences.find((p) => p.kind === 'score_changed')!.channel).toBe('email');
    // Saved again: replaced, not added.
    await as(member).notifications.setPreferences({
      preferences: [{ kind: 'payment_verified', channel: 'email' }],
    });
    expect(
      (await as(member).notifications.preferences()).preferences.find(
        (p) => p.kind === 'payment_verified',
      )!.channel,
    ).toBe('email');
  });

  it('refuses an unknown kind or channel with a clear message', async () => {
    const member = await createUser(t.db);
    const error = await failure(
      as(member).notifications.setPreferences({
        preferences: [{ kind: 'nope' as never, channel: 'email' }],
      }),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe(NOTIFICATION_MESSAGES.kind);
  });
});

describe('contest start reminders', () => {
  const now = Date.now();

  /**
   * Another server's connection pool on PostgreSQL. On SQLite one server serves a database (a
   * second in-process writer would wait on the first synchronously), so the racing rounds share
   * the one handle, whose transactions queue.
   */
  async function secondHandle(): Promise<{ db: DB; close: () => Promise<void> }> {
    if (dialect !== 'pg') return { db: t.db, close: async () => undefined };
    const db = await openConfiguredDatabase(
      { databaseUrl: t.env.DATABASE_URL, databasePath: t.env.DATABASE_PATH },
      { migrate: false },
    );
    return { db, close: () => closeDatabase(db) };
  }

  it('reminds each participant once, even with two schedulers racing on two connections', async () => {
    const soon = await insertContest(t.db, {
      createdBy: admin.id,
      title: 'Soon Cup',
      startDate: new Date(now + 2 * 60 * 60 * 1000),
    });
    const later = await insertContest(t.db, {
      createdBy: admin.id,
      startDate: new Date(now + 3 * DAY),
    });
    const members = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    for (const m of members) {
      await addParticipant({ db: t.db, contestId: soon.id, userId: m.id });
      await addParticipant({ db: t.db, contestId: later.id, userId: m.id });
    }
    const other = await secondHandle();
    try {
      const sent = await Promise.all([
        sendContestReminders({ db: t.db, now }),
        sendContestReminders({ db: other.db, now }),
        sendContestReminders({ db: t.db, now }),
      ]);
      expect(sent.reduce((a, b) => a + b, 0)).toBe(3);
    } finally {
      await other.close();
    }
    for (const m of members) {
      const reminders = (await mine(m)).filter((r) => r.kind === 'contest_starting');
      expect(reminders).toHaveLength(1);
      expect(reminders[0]!.body).toContain('Soon Cup');
      expect(reminders[0]!.body).toContain('about 2 hours');
      // Reminders are e-mailed by default: one e-mail, not one per scheduler.
      expect((await mailsTo(m)).filter((x) => x.subject.includes('Starting soon'))).toHaveLength(1);
    }
    // A later round, the start moved, still nothing again.
    expect(await sendContestReminders({ db: t.db, now: now + 60_000 })).toBe(0);
  });

  it('never reminds of a contest that has started or ended, whatever its start date says', async () => {
    const inTwoHours = new Date(now + 2 * 60 * 60 * 1000);
    // A bracket generated (and played) before the start, one completed before it (its final
    // played early), and one whose start has come: none of them is 'starting soon'.
    const contests = [
      await insertContest(t.db, {
        createdBy: admin.id,
        format: 'knockout',
        startDate: inTwoHours,
        bracketGeneratedAt: new Date(now - 60_000),
      }),
      await insertContest(t.db, {
        createdBy: admin.id,
        status: 'completed',
        startDate: inTwoHours,
      }),
      await insertContest(t.db, { createdBy: admin.id, startDate: new Date(now - 60_000) }),
    ];
    const member = await createUser(t.db);
    for (const c of contests)
      await addParticipant({ db: t.db, contestId: c.id, userId: member.id });
    expect(await sendContestReminders({ db: t.db, now })).toBe(0);
    expect((await mine(member)).filter((r) => r.kind === 'contest_starting')).toEqual([]);
  });

  it('the scheduled round runs on one server of two and is not repeated within its period', async () => {
    const soon = await insertContest(t.db, {
      createdBy: admin.id,
      startDate: new Date(now + 5 * 60 * 60 * 1000),
    });
    const member = await createUser(t.db);
    await addParticipant({ db: t.db, contestId: soon.id, userId: member.id });
    await t.db.delete(settings).where(eq(settings.key, 'reminders.lastRun'));
    const other = await secondHandle();
    try {
      const rounds = await Promise.all([
        reminderRound({ db: t.db, now }),
        reminderRound({ db: other.db, now }),
      ]);
      // On PostgreSQL the advisory lock lets one of them in (the other answers undefined); on
      // SQLite's one server both may run. Either way one reminder was written in all.
      if (dialect === 'pg') expect(rounds.filter((r) => r !== undefined)).toHaveLength(1);
      expect(rounds.reduce<number>((sum, r) => sum + (r ?? 0), 0)).toBe(1);
      expect(await reminderRound({ db: t.db, now })).toBeUndefined();
    } finally {
      await other.close();
    }
    const rows = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, member.id), eq(notifications.kind, 'contest_starting')));
    expect(rows).toHaveLength(1);
    // The participants row is untouched by reminders.
    expect(
      await t.db
        .select({ id: contestParticipants.id })
        .from(contestParticipants)
        .where(eq(contestParticipants.contestId, soon.id)),
    ).toHaveLength(1);
  });
});
