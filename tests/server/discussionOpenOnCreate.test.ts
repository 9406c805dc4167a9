// The 'open discussion' switch set when a contest is created (issue 32): both wizards send it
// with the contest (tRPC contests.create and REST POST /api/contests, an optional boolean, off
// unless sent), a draft keeps it, and the one rule of who may write reads it from the start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/accounts';
import { callerFor, type CreatedUser } from '../helpers/db';
import { createInput } from '../helpers/contests';
import { refusal } from '../helpers/errors';
import { discussionMember, letTimePass } from '../helpers/discussion';
import { startTestServer, type HttpClient, type TestServer } from '../helpers/server';

let s: TestServer;
let admin: CreatedUser;
let member: CreatedUser;
let rest: HttpClient;
const as = (user: CreatedUser) => callerFor(s, user).caller;

beforeAll(async () => {
  s = await startTestServer();
  admin = await discussionMember(s.db, { role: 'admin' });
  member = await discussionMember(s.db);
  rest = await signIn(s.url, admin);
});
afterAll(() => s?.stop());

/** A topic by a member who takes no part in the contest (time passes first: no limit). */
async function topicByOutsider(contestId: number) {
  await letTimePass(s.db);
  return as(member).discussion.createTopic({
    contestId,
    title: 'Outside',
    body: `Hi ${Math.random()}`,
  });
}

describe('contests.create with openDiscussion', () => {
  it('stores it: a member outside the contest may then start a topic', async () => {
    const contest = await as(admin).contests.create(
      createInput({ title: 'Open talk cup', openDiscussion: true }),
    );
    expect(contest).toMatchObject({ status: 'active', openDiscussion: true });
    const topic = await topicByOutsider(contest.id);
    expect(topic.author?.id).toBe(member.id);
  });

  it('is off unless sent: the same member is refused', async () => {
    const contest = await as(admin).contests.create(createInput({ title: 'Closed talk cup' }));
    expect(contest.openDiscussion).toBe(false);
    expect(await refusal(topicByOutsider(contest.id))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'not_allowed_to_post',
    });
  });

  it('is kept by a draft and by its submission', async () => {
    const draft = await as(admin).contests.saveDraft({ title: 'Draft talk', openDiscussion: true });
    expect(draft.openDiscussion).toBe(true);
    const submitted = await as(admin).contests.create(
      createInput({ id: draft.id, title: 'Draft talk', openDiscussion: true }),
    );
    expect(submitted).toMatchObject({ id: draft.id, openDiscussion: true });
  });
});

describe('POST /api/contests with openDiscussion', () => {
  const body = (extra: object) => {
    const form = createInput({ title: `REST talk ${Math.random()}` });
    return { ...form, ...extra };
  };

  it('answers 201 with the switch as sent, false when absent', async () => {
    const open = await rest.post('/api/contests', body({ openDiscussion: true }));
    expect(open.status, open.text).toBe(201);
    expect(open.json).toMatchObject({ openDiscussion: true });
    const plain = await rest.post('/api/contests', body({}));
    expect(plain.status, plain.text).toBe(201);
    expect(plain.json).toMatchObject({ openDiscussion: false });
    const id = (open.json as { id: number }).id;
    expect((await topicByOutsider(id)).contestId).toBe(id);
  });

  it('refuses a switch that is not a boolean (400, never a 500)', async () => {
    const res = await rest.post('/api/contests', body({ openDiscussion: 'yes' }));
    expect(res.status, res.text).toBe(400);
    expect(res.json).toMatchObject({ code: 'BAD_REQUEST', message: 'Must be true or false' });
  });
});
