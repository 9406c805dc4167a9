// The discussion's notifications (issue 32): @mentions (who may be mentioned, never oneself, not
// from a quote, only the newly named on an edit), the body's refusals (21 mentions, quotes nested
// deeper than 10, 10,000 nested quotes answered fast), followers told of replies at most once per
// topic per 10 minutes, announcements to every participant (e-mailed by preference), and the
// suggestions offered as one types (never an e-mail).
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  contestParticipants,
  contests,
  discussionFollows,
  mailOutbox,
  notifications,
  users,
} from '../../src/server/platform/db/schema';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { notificationsOf } from '../../src/server/domain/messages/notifications';
import { repliedWords } from '../../src/server/domain/discussion/replyBatch';
import { readPostBody, MAX_MENTIONS } from '../../src/shared/mentions';
import { callerFor, createTestDb, createUser, type CreatedUser } from '../helpers/db';
import { insertContest } from '../helpers/contests';
import { refusal } from '../helpers/errors';
import {
  discussionCast,
  discussionMember,
  letTimePass,
  registeredTeamContest,
} from '../helpers/discussion';

const t = await createTestDb();
afterAll(() => t.close());

const as = (user?: CreatedUser) => callerFor(t, user).caller;
const { creator, participant, member, moderator, contestId } = await discussionCast(t.db);
const [contest] = await t.db
  .select({ slug: contests.slug })
  .from(contests)
  .where(eq(contests.id, contestId));
const slug = contest!.slug;

async function joined(): Promise<CreatedUser> {
  const m = await discussionMember(t.db);
  await addParticipant({ db: t.db, contestId, userId: m.id });
  return m;
}

async function topicBy(author: CreatedUser, body = `A question ${Math.random()}`, title = 'Q') {
  await letTimePass(t.db);
  return as(author).discussion.createTopic({ contestId, title, body });
}

async function replyBy(author: CreatedUser, topicId: number, body = `Reply ${Math.random()}`) {
  await letTimePass(t.db);
  return as(author).discussion.reply({ topicId, body });
}

const mentionsOf = (user: CreatedUser) => notificationsOf(t.db, user.id, 'discussion_mention');
const repliesOf = (user: CreatedUser) => notificationsOf(t.db, user.id, 'discussion_reply');

describe('the mention parser (shared by the form and the server)', () => {
  it('reads @names in prose, distinct and lower-cased, not in code, quotes or e-mail addresses', () => {
    const body = [
      'Hi @Alice and @alice, thanks @bob_2.',
      'mail me at carol@example.com',
      '`@inline` and ``@double `tick` ``',
      '```',
      '@fenced',
      '```',
      '',
      '    @indented',
      '> @quoted said',
      '>> @deeper',
      '- a list item for @dave',
      '@ab is too short, @x-y. is not',
    ].join('\n');
    expect(readPostBody(body)).toEqual({
      mentions: ['alice', 'bob_2', 'dave', 'x-y'],
      quoteDepth: 2,
    });
  });

  it('counts quote nesting written with or without spaces', () => {
    expect(readPostBody('> > > three').quoteDepth).toBe(3);
    expect(readPostBody('>>>>> five').quoteDepth).toBe(5);
    expect(readPostBody('```\n>>>>>>>>>>>>>>>\n```').quoteDepth).toBe(0);
  });
});

describe('mentions', () => {
  it('notifies a mentioned participant with a link to the post, ignoring case', async () => {
    const alice = await joined();
    const topic = await topicBy(participant, `Any idea, @${alice.username.toUpperCase()}?`, 'Why?');
    const [notice] = await mentionsOf(alice);
    expect(notice).toMatchObject({
      title: `${participant.username} mentioned you in “Why?”`,
      link: `/contests/${slug}?tab=discussion&topic=${topic.id}&post=${topic.post.id}`,
    });
    const reply = await replyBy(creator, topic.id, `See the rules, @${alice.username}.`);
    const notices = await mentionsOf(alice);
    expect(notices).toHaveLength(2);
    expect(notices[0]!.link).toBe(
      `/contests/${slug}?tab=discussion&topic=${topic.id}&post=${reply.id}`,
    );
  });

  it('reaches the creator and staff; ignores members outside the contest and the author', async () => {
    await topicBy(
      participant,
      `@${creator.username} @${moderator.username} @${member.username} @${participant.username}`,
    );
    expect(await mentionsOf(creator)).toHaveLength(1);
    expect(await mentionsOf(moderator)).toHaveLength(1);
    expect(await mentionsOf(member)).toHaveLength(0);
    expect(await mentionsOf(participant)).toHaveLength(0);
  });

  it('reaches the members of a registered team in team mode', async () => {
    const {
      contestId: teamContestId,
      captain,
      mate,
    } = await registeredTeamContest(t.db, {
      createdBy: creator.id,
      name: 'Mentioners',
    });
    await letTimePass(t.db);
    await as(captain).discussion.createTopic({
      contestId: teamContestId,
      title: 'Team',
      body: `@${mate.username} look`,
    });
    expect(await mentionsOf(mate)).toHaveLength(1);
    const found = await as(captain).discussion.mentionable({
      contestId: teamContestId,
      query: mate.username.slice(0, 6),
    });
    expect(found.map((m) => m.id)).toContain(mate.id);
  });

  it('does not notify again a mention that is only quoted', async () => {
    const bob = await joined();
    const topic = await topicBy(participant, `Ask @${bob.username}`);
    expect(await mentionsOf(bob)).toHaveLength(1);
    await replyBy(creator, topic.id, `> Ask @${bob.username}\n\nGood question.`);
    expect(await mentionsOf(bob)).toHaveLength(1);
  });

  it('tells only the newly mentioned on an edit, and no one on a deletion', async () => {
    const carol = await joined();
    const dan = await joined();
    const topic = await topicBy(participant, `Hello @${carol.username}`);
    await as(participant).discussion.editPost({
      id: topic.post.id,
      body: `Hello @${carol.username} and @${dan.username}`,
    });
    expect(await mentionsOf(carol)).toHaveLength(1);
    expect(await mentionsOf(dan)).toHaveLength(1);
    await as(participant).discussion.deletePost({ id: topic.post.id });
    expect(await mentionsOf(carol)).toHaveLength(1);
    expect(await mentionsOf(dan)).toHaveLength(1);
  });
});

describe('the body refused', () => {
  it(`refuses more than ${MAX_MENTIONS} distinct mentions (400 too_many_mentions)`, async () => {
    await letTimePass(t.db);
    const names = Array.from({ length: 21 }, (_, i) => `@name${i}`).join(' ');
    expect(
      await refusal(as(participant).discussion.createTopic({ contestId, title: 'M', body: names })),
    ).toEqual({
      code: 'BAD_REQUEST',
      reason: 'too_many_mentions',
      message: 'A post can mention at most 20 members',
    });
    // Twenty are fine; the same name twice counts once.
    const twenty = Array.from({ length: 20 }, (_, i) => `@name${i}`).join(' ') + ' @name0';
    await as(participant).discussion.createTopic({ contestId, title: 'M', body: twenty });
    // 10,000 names in one post: refused at once.
    await letTimePass(t.db);
    const many = Array.from({ length: 2_000 }, (_, i) => `@n${i}x`).join(' ');
    const topic = await topicBy(participant);
    expect(
      await refusal(as(participant).discussion.reply({ topicId: topic.id, body: many })),
    ).toMatchObject({ reason: 'too_many_mentions' });
  });

  it('refuses quotes nested deeper than 10 (400 quotes_too_deep), with or without spaces', async () => {
    const topic = await topicBy(participant);
    await letTimePass(t.db);
    await as(participant).discussion.reply({ topicId: topic.id, body: `${'> '.repeat(10)}ok` });
    for (const body of [`${'> '.repeat(11)}deep`, `${'>'.repeat(11)} deep`]) {
      await letTimePass(t.db);
      expect(await refusal(as(participant).discussion.reply({ topicId: topic.id, body }))).toEqual({
        code: 'BAD_REQUEST',
        reason: 'quotes_too_deep',
        message: 'Quotes can be nested at most 10 deep',
      });
    }
  });

  it('refuses 10,000 nested quotes fast, on a new topic, a reply and an edit', async () => {
    const topic = await topicBy(participant);
    const bodies = [`${'>'.repeat(10_000)} x`, `${'> '.repeat(9_990)}x`];
    const started = performance.now();
    for (const body of bodies) {
      await letTimePass(t.db);
      expect(
        await refusal(as(participant).discussion.createTopic({ contestId, title: 'Q', body })),
      ).toMatchObject({ code: 'BAD_REQUEST', reason: 'quotes_too_deep' });
      expect(
        await refusal(as(participant).discussion.reply({ topicId: topic.id, body })),
      ).toMatchObject({ reason: 'quotes_too_deep' });
      expect(
        await refusal(as(participant).discussion.editPost({ id: topic.post.id, body })),
      ).toMatchObject({ reason: 'quotes_too_deep' });
    }
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('followers', () => {
  it('tells followers of a reply at most once per topic per 10 minutes, not its author', async () => {
    const asker = await joined();
    const helper = await joined();
    const topic = await topicBy(asker, 'Ties?', 'How are ties broken?');
    await replyBy(helper, topic.id);
    await letTimePass(t.db, 6_000);
    await replyBy(creator, topic.id);
    // The asker heard once of both; the helper (a follower since replying) once, of the creator's.
    const asked = await repliesOf(asker);
    expect(asked).toHaveLength(1);
    // It names who replied; the creator's reply, within the 10 minutes, is told with the next.
    expect(asked[0]!.title).toBe(`${helper.username} replied in “How are ties broken?”`);
    expect(asked[0]!.link).toMatch(`?tab=discussion&topic=${topic.id}&post=`);
    expect(await repliesOf(helper)).toHaveLength(1);
    expect(await repliesOf(creator)).toHaveLength(0);
    // Another topic is batched on its own.
    const other = await topicBy(asker);
    await replyBy(helper, other.id);
    expect(await repliesOf(asker)).toHaveLength(2);
    // Ten minutes later a new reply is told again.
    await t.db
      .update(notifications)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(
        and(
          inArray(notifications.userId, [asker.id, helper.id]),
          eq(notifications.kind, 'discussion_reply'),
        ),
      );
    await replyBy(creator, topic.id);
    expect(await repliesOf(asker)).toHaveLength(3);
    expect(await repliesOf(helper)).toHaveLength(2);
  });

  it('names the replier and counts the others since the last notice, in-app and by e-mail', async () => {
    const asker = await joined();
    const [alice, bob, carol, dave] = [
      await joined(),
      await joined(),
      await joined(),
      await joined(),
    ];
    await as(asker).notifications.setPreferences({
      preferences: [{ kind: 'discussion_reply', channel: 'email' }],
    });
    const topic = await topicBy(asker, 'Who?', 'Who replied?');
    /** Every post, notice and follow so far moved `ms` into the past (the batch window's clock). */
    const earlier = async (ms: number) => {
      await letTimePass(t.db, ms);
      for (const row of await t.db.select().from(notifications)) {
        await t.db
          .update(notifications)
          .set({ createdAt: new Date(row.createdAt.getTime() - ms) })
          .where(eq(notifications.id, row.id));
      }
      for (const row of await t.db.select().from(discussionFollows)) {
        await t.db
          .update(discussionFollows)
          .set({ createdAt: new Date(row.createdAt.getTime() - ms) })
          .where(
            and(
              eq(discussionFollows.topicId, row.topicId),
              eq(discussionFollows.userId, row.userId),
            ),
          );
      }
    };
    const reply = (who: CreatedUser) =>
      as(who).discussion.reply({ topicId: topic.id, body: `Me ${Math.random()}` });
    await reply(alice);
    await earlier(60_000);
    // Within the 10 minutes: not told now, counted in the next notice.
    await reply(bob);
    await reply(carol);
    await earlier(11 * 60_000);
    await reply(dave);
    const told = (await repliesOf(asker)).map((n) => n.title);
    expect(told).toEqual([
      `${dave.username} and 2 others replied in “Who replied?”`,
      `${alice.username} replied in “Who replied?”`,
    ]);
    // Bob follows since his reply (Alice's before it is not counted): told of Carol's, then Dave's.
    expect((await repliesOf(bob)).map((n) => n.title)).toEqual([
      `${dave.username} replied in “Who replied?”`,
      `${carol.username} replied in “Who replied?”`,
    ]);
    const mails = await t.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(eq(mailOutbox.userId, asker.id));
    expect(mails.map((m) => m.subject)).toContainEqual(
      expect.stringContaining(`${dave.username} and 2 others replied in “Who replied?”`),
    );
    expect(repliedWords('alice', 1)).toBe('alice and 1 other replied');
    // Usernames only: never the repliers' e-mail addresses.
    for (const replier of [alice, bob, carol, dave]) {
      expect(JSON.stringify(mails)).not.toContain(replier.email);
    }
  });

  it('gives a follower who is mentioned the mention, not also a reply notice', async () => {
    const asker = await joined();
    const topic = await topicBy(asker);
    await replyBy(creator, topic.id, `@${asker.username} see the rules`);
    expect(await mentionsOf(asker)).toHaveLength(1);
    expect(await repliesOf(asker)).toHaveLength(0);
  });

  it('tells no one who unfollowed', async () => {
    const asker = await joined();
    const topic = await topicBy(asker);
    await as(asker).discussion.unfollow({ id: topic.id });
    await replyBy(creator, topic.id);
    expect(await repliesOf(asker)).toHaveLength(0);
  });
});

describe('announcements', () => {
  it('reach every participant but the author, e-mailed by their preference', async () => {
    const own = await insertContest(t.db, { status: 'active', createdBy: creator.id });
    const people = await Promise.all(Array.from({ length: 5 }, () => discussionMember(t.db)));
    for (const p of people) await addParticipant({ db: t.db, contestId: own.id, userId: p.id });
    await addParticipant({ db: t.db, contestId: own.id, userId: creator.id });
    const quiet = people[0]!;
    await as(quiet).notifications.setPreferences({
      preferences: [{ kind: 'discussion_announcement', channel: 'in_app' }],
    });
    await letTimePass(t.db);
    const topic = await as(creator).discussion.createTopic({
      contestId: own.id,
      title: 'Deadline moved',
      body: 'One more day for everyone.',
      announcement: true,
    });
    const told = await t.db
      .select({ userId: notifications.userId, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.kind, 'discussion_announcement'));
    expect(told.map((n) => n.userId).sort()).toEqual(people.map((p) => p.id).sort());
    expect(told[0]!.link).toBe(
      `/contests/${own.slug}?tab=discussion&topic=${topic.id}&post=${topic.post.id}`,
    );
    const mailed = await t.db
      .select({ userId: mailOutbox.userId, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.userId,
          people.map((p) => p.id),
        ),
      );
    expect(mailed.map((m) => m.userId).sort()).toEqual(
      people
        .slice(1)
        .map((p) => p.id)
        .sort(),
    );
    expect(mailed[0]!.subject).toContain('Deadline moved');
  });

  it('reach 2,000 participants in one post, set-based', async () => {
    const big = await insertContest(t.db, { status: 'active', createdBy: creator.id });
    const rows = await t.db
      .insert(users)
      .values(
        Array.from({ length: 2_000 }, (_, i) => ({
          username: `crowd${i}_${big.id}`,
          email: `crowd${i}_${big.id}@example.com`,
          password: 'x',
        })),
      )
      .returning({ id: users.id });
    await t.db
      .insert(contestParticipants)
      .values(rows.map((r) => ({ contestId: big.id, userId: r.id })));
    await letTimePass(t.db);
    await as(moderator).discussion.createTopic({
      contestId: big.id,
      title: 'For all',
      body: 'Hello everyone.',
      announcement: true,
    });
    const told = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(
        and(
          eq(notifications.kind, 'discussion_announcement'),
          inArray(
            notifications.userId,
            rows.map((r) => r.id),
          ),
        ),
      );
    expect(told).toHaveLength(2_000);
    // Each was e-mailed (an announcement's default), queued in bulk.
    const [mailed] = await t.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.userId,
          rows.map((r) => r.id),
        ),
      );
    expect(mailed!.n).toBe(2_000);
  });
});

describe('discussion.mentionable', () => {
  it('suggests up to 8 who may be mentioned, by the start of their username, no e-mail', async () => {
    const prefix = `sugg${Math.random().toString(36).slice(2, 6)}`;
    const inside: CreatedUser[] = [];
    for (let i = 0; i < 10; i++) {
      const u = await createUser(t.db, { username: `${prefix}${i}` });
      await addParticipant({ db: t.db, contestId, userId: u.id });
      inside.push(u);
    }
    await createUser(t.db, { username: `${prefix}_outsider` });
    const found = await as(participant).discussion.mentionable({
      contestId,
      query: `@${prefix.toUpperCase()}`,
    });
    expect(found).toHaveLength(8);
    for (const m of found) {
      expect(Object.keys(m).sort()).toEqual(['id', 'profileImage', 'username']);
      expect(m.username.startsWith(prefix)).toBe(true);
      expect(JSON.stringify(m)).not.toContain('@');
    }
    expect(
      await as(participant).discussion.mentionable({ contestId, query: `${prefix}_out` }),
    ).toEqual([]);
    // Staff and the creator are suggested too.
    const staff = await as(participant).discussion.mentionable({
      contestId,
      query: moderator.username,
    });
    expect(staff.map((m) => m.id)).toEqual([moderator.id]);
  });

  it('needs a sign-in and a contest the caller may see; a long query is a 400', async () => {
    expect((await refusal(as().discussion.mentionable({ contestId, query: 'a' }))).code).toBe(
      'UNAUTHORIZED',
    );
    const hidden = await insertContest(t.db, { status: 'pending', createdBy: creator.id });
    expect(
      (await refusal(as(member).discussion.mentionable({ contestId: hidden.id, query: '' }))).code,
    ).toBe('NOT_FOUND');
    expect(
      (await refusal(as(member).discussion.mentionable({ contestId, query: 'x'.repeat(33) }))).code,
    ).toBe('BAD_REQUEST');
  });
});
