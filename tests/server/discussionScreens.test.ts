// What the discussion's screens ask of the server besides the rows (issue 32's UI): whether the
// caller may post and, if not, the sentence why (the write rule answered, never thrown: the list
// hides 'New topic' and says it), whether they are the organiser and the 'open discussion'
// switch; and a link to one reply (`postId`, REST `?post=`) opening the page holding it.
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { contests } from '../../src/server/platform/db/schema';
import { DISCUSSION_MESSAGES as M } from '../../src/shared/discussion';
import { callerFor, createTestDb, type CreatedUser } from '../helpers/db';
import { discussionCast, letTimePass } from '../helpers/discussion';

const t = await createTestDb();
afterAll(() => t.close());
const as = (user?: CreatedUser) => callerFor(t, user).caller;
const cast = await discussionCast(t.db);
const { creator, participant, member, admin, contestId } = cast;

describe('who may post, as the list and a topic say it', () => {
  it('answers canPost and the reason for each caller, without refusing the read', async () => {
    const list = (user?: CreatedUser) => as(user).discussion.list({ contestId });
    expect(await list(participant)).toMatchObject({
      canPost: true,
      postRefusal: null,
      canModerate: false,
      openDiscussion: false,
    });
    expect(await list(creator)).toMatchObject({ canPost: true, canModerate: true });
    expect(await list(member)).toMatchObject({
      canPost: false,
      postRefusal: { reason: 'not_allowed_to_post', message: M.notAllowed },
    });
    await as(creator).discussion.bar({ contestId, userId: participant.id, reason: 'Spam links' });
    expect((await list(participant)).postRefusal).toEqual({
      reason: 'barred',
      message: M.barred('Spam links'),
    });
    await as(creator).discussion.setOpen({ contestId, open: true });
    expect(await list(member)).toMatchObject({ canPost: true, openDiscussion: true });
    expect((await as(member).contests.get({ idOrSlug: String(contestId) })).openDiscussion).toBe(
      true,
    );
    await t.db.update(contests).set({ enableComments: false }).where(eq(contests.id, contestId));
    const topic = await as(admin).discussion.list({ contestId });
    expect(topic.postRefusal).toEqual({ reason: 'discussion_closed', message: M.closed });
    await t.db.update(contests).set({ enableComments: true }).where(eq(contests.id, contestId));
  });
});

describe('a link to one reply', () => {
  it('opens the page holding it; the opening post or another topic’s post leaves the page asked', async () => {
    const topic = await as(admin).discussion.createTopic({ contestId, title: 'Count', body: 'Go' });
    const ids: number[] = [];
    for (let i = 1; i <= 12; i++) {
      ids.push((await as(admin).discussion.reply({ topicId: topic.id, body: `n${i}` })).id);
    }
    await letTimePass(t.db, 60_000);
    const read = (postId: number, page?: number) =>
      as(participant).discussion.get({ id: topic.id, pageSize: 5, postId, page });
    expect((await read(ids[0]!)).replies.page).toBe(1);
    expect((await read(ids[4]!)).replies.page).toBe(1);
    expect((await read(ids[5]!)).replies.page).toBe(2);
    const last = await read(ids[11]!);
    expect(last.replies.page).toBe(3);
    expect(last.replies.items.map((p) => p.id)).toContain(ids[11]);
    expect((await read(topic.post.id, 2)).replies.page).toBe(2);
    const other = await as(admin).discussion.createTopic({ contestId, title: 'B', body: 'b' });
    expect((await read(other.post.id, 3)).replies.page).toBe(3);
    expect(last).toMatchObject({ canPost: false, postRefusal: { reason: 'barred' } });
  });
});
