// The discussion's live streams (issue 32): a topic's readers hear a reply, an edit, a deletion
// and a pin; a contest's topic list hears a new topic and a reply; a stream of a topic or a
// contest the caller may not see is refused before it opens (404), as are callers not signed in
// (401); only change numbers travel, never a post's words (by the caller and over real HTTP,
// through the live-stream writer); a reconnect with an old Last-Event-ID hears of the missed
// change at once.
import { afterAll, describe, expect, it } from 'vitest';
import { callerFor, createTestDb, type CreatedUser } from '../helpers/db';
import { startTestServer } from '../helpers/server';
import { sessionCookie } from '../helpers/accounts';
import { refusal } from '../helpers/errors';
import { discussionCast, letTimePass } from '../helpers/discussion';

const t = await createTestDb();
afterAll(() => t.close());

const as = (user?: CreatedUser) => callerFor(t, user).caller;
const { creator, participant, member, contestId } = await discussionCast(t.db);

/** The tracked events of an open stream, one at a time (each `[id, data]`). */
function eventsOf<T>(stream: unknown) {
  const events = (stream as AsyncIterable<[string, T]>)[Symbol.asyncIterator]();
  // A read that timed out is still waiting on the generator: the next read takes it over.
  let pending: Promise<IteratorResult<[string, T]>> | undefined;
  return {
    /** The next event, or a failure after `ms` (nothing heard). */
    next: async (ms = 5000) => {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no event within ${ms} ms`)), ms);
      });
      const read = (pending ??= events.next());
      try {
        const { value } = await Promise.race([read, deadline]);
        pending = undefined;
        const [id, data] = value as [string, T];
        return { id, data };
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => events.return?.(),
  };
}

async function topicBy(author: CreatedUser, title = 'Live question') {
  await letTimePass(t.db);
  return as(author).discussion.createTopic({ contestId, title, body: `Body ${Math.random()}` });
}

async function replyBy(author: CreatedUser, topicId: number, body: string) {
  await letTimePass(t.db);
  return as(author).discussion.reply({ topicId, body });
}

describe('discussionLive.onTopic', () => {
  it('tells a reader of the topic of a reply, an edit, a deletion and a pin, with no words', async () => {
    const topic = await topicBy(participant);
    const stream = eventsOf<{ topicId: number; version: number }>(
      await as(member).discussionLive.onTopic({ topicId: topic.id }),
    );
    const words: string[] = [];
    const heard: { id: string; data: { topicId: number; version: number } }[] = [];
    const hear = async (write: () => Promise<unknown>) => {
      const next = stream.next();
      await write();
      heard.push(await next);
    };
    try {
      const secret = `A reply nobody should hear on the stream ${Math.random()}`;
      words.push(secret);
      let replyId = 0;
      await hear(async () => {
        replyId = (await replyBy(creator, topic.id, secret)).id;
      });
      const edited = `Edited words ${Math.random()}`;
      words.push(edited);
      await hear(() => as(creator).discussion.editPost({ id: replyId, body: edited }));
      await hear(() => as(creator).discussion.deletePost({ id: replyId }));
      await hear(() => as(creator).discussion.updateTopic({ id: topic.id, pinned: true }));
    } finally {
      await stream.close();
    }
    expect(heard).toHaveLength(4);
    for (const [i, event] of heard.entries()) {
      // Exactly the topic and its change number: nothing of a post travels.
      expect(Object.keys(event.data).sort()).toEqual(['topicId', 'version']);
      expect(event.data.topicId).toBe(topic.id);
      expect(event.id).toBe(String(event.data.version));
      if (i > 0) expect(event.data.version).toBeGreaterThan(heard[i - 1]!.data.version);
      for (const w of words) expect(JSON.stringify(event)).not.toContain(w);
    }
  });

  it('hears nothing of another topic', async () => {
    const mine = await topicBy(participant, 'Mine');
    const other = await topicBy(participant, 'Other');
    const stream = eventsOf(await as(member).discussionLive.onTopic({ topicId: mine.id }));
    const next = stream.next(800);
    await replyBy(creator, other.id, `Elsewhere ${Math.random()}`);
    await expect(next).rejects.toThrow(/no event/);
    // The generator's pending read ends with this topic's own change; only then can it close.
    const own = stream.next();
    await replyBy(creator, mine.id, `Here ${Math.random()}`);
    expect((await own).data).toMatchObject({ topicId: mine.id });
    await stream.close();
  });

  it('tells a reader coming back with an old event id of what they missed, at once', async () => {
    const topic = await topicBy(participant);
    const first = eventsOf<{ version: number }>(
      await as(member).discussionLive.onTopic({ topicId: topic.id }),
    );
    let seen: string;
    try {
      const next = first.next();
      await replyBy(creator, topic.id, `One ${Math.random()}`);
      seen = (await next).id;
    } finally {
      await first.close();
    }
    // Missed while away.
    await replyBy(creator, topic.id, `Two ${Math.random()}`);
    const again = eventsOf<{ version: number }>(
      await as(member).discussionLive.onTopic({ topicId: topic.id, lastEventId: seen }),
    );
    try {
      const missed = await again.next(1000);
      expect(missed.data.version).toBeGreaterThan(Number(seen));
    } finally {
      await again.close();
    }
  });

  it('refuses a topic of a contest the caller may not see (404), and anyone signed out (401)', async () => {
    const hidden = await discussionCast(t.db, { status: 'pending' });
    await letTimePass(t.db);
    const topic = await as(hidden.creator).discussion.createTopic({
      contestId: hidden.contestId,
      title: 'Behind the curtain',
      body: 'Not yet public',
    });
    const open = (user: CreatedUser | undefined, input: { topicId: number }) =>
      (async () => {
        const stream = eventsOf(await as(user).discussionLive.onTopic(input));
        await stream.close();
      })();
    expect(await refusal(open(member, { topicId: topic.id }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await refusal(open(member, { topicId: 999_999 }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await refusal(open(undefined, { topicId: topic.id }))).toMatchObject({
      code: 'UNAUTHORIZED',
    });
    // Its creator sees the contest, so may listen.
    await open(hidden.creator, { topicId: topic.id });
  });
});

describe('discussionLive.onTopics', () => {
  it("tells a reader of the contest's list of a new topic and of a reply, with no words", async () => {
    const stream = eventsOf<{ contestId: number; version: number }>(
      await as(member).discussionLive.onTopics({ contestId }),
    );
    const title = `A brand new topic ${Math.random()}`;
    const body = `Its words ${Math.random()}`;
    try {
      const first = stream.next();
      await letTimePass(t.db);
      const topic = await as(participant).discussion.createTopic({ contestId, title, body });
      const created = await first;
      expect(created.data).toEqual({ contestId, version: Number(created.id) });
      const second = stream.next();
      await replyBy(creator, topic.id, body);
      const replied = await second;
      expect(replied.data.version).toBeGreaterThan(created.data.version);
      for (const text of [title, body]) {
        expect(JSON.stringify([created, replied])).not.toContain(text);
      }
    } finally {
      await stream.close();
    }
  });

  it('refuses a hidden contest (404) and anyone signed out (401)', async () => {
    const hidden = await discussionCast(t.db, { status: 'pending' });
    const open = (user: CreatedUser | undefined) =>
      (async () => {
        const stream = eventsOf(
          await as(user).discussionLive.onTopics({ contestId: hidden.contestId }),
        );
        await stream.close();
      })();
    expect(await refusal(open(member))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await refusal(open(undefined))).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('discussionLive over server-sent events', () => {
  it("streams a topic's change through the live-stream writer, with no words, and refuses a hidden one", async () => {
    const s = await startTestServer();
    try {
      const cast = await discussionCast(s.db);
      await letTimePass(s.db);
      const topic = await callerFor(s, cast.participant).caller.discussion.createTopic({
        contestId: cast.contestId,
        title: 'Over the wire',
        body: 'Opening words',
      });
      const cookie = await sessionCookie(s, cast.member.id);
      const input = encodeURIComponent(JSON.stringify({ json: { topicId: topic.id } }));
      const controller = new AbortController();
      const res = await fetch(`${s.url}/trpc/discussionLive.onTopic?input=${input}`, {
        headers: { accept: 'text/event-stream', cookie },
        signal: controller.signal,
      });
      const secret = `Words of the wire ${Math.random()}`;
      try {
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
        const reader = res.body!.getReader();
        const decoder = new TextDecoder();
        let text = '';
        const readUntil = async (done: (text: string) => boolean) => {
          const deadline = Date.now() + 5000;
          while (!done(text)) {
            if (Date.now() > deadline) throw new Error(`not heard:\n${text}`);
            const chunk = await reader.read();
            if (chunk.done) break;
            text += decoder.decode(chunk.value, { stream: true });
          }
          return text;
        };
        await readUntil((x) => x.includes('event: connected'));
        await letTimePass(s.db);
        await callerFor(s, cast.creator).caller.discussion.reply({
          topicId: topic.id,
          body: secret,
        });
        const event = /data: (\{[^\n]*"topicId"[^\n]*\})\nid: \S+/;
        const heard = await readUntil((x) => event.test(x));
        expect(JSON.parse(event.exec(heard)![1]!)).toMatchObject({
          json: { topicId: topic.id, version: expect.any(Number) },
        });
        expect(heard).not.toContain(secret);
      } finally {
        controller.abort();
      }
      const hidden = await discussionCast(s.db, { status: 'pending' });
      const hiddenInput = encodeURIComponent(
        JSON.stringify({ json: { contestId: hidden.contestId } }),
      );
      const refused = await fetch(`${s.url}/trpc/discussionLive.onTopics?input=${hiddenInput}`, {
        headers: { accept: 'text/event-stream', cookie },
      });
      // Refused before the stream opens: tRPC's adapter answers the error as a stream's first event.
      const said = await refused.text();
      expect(refused.status === 404 || said.includes('NOT_FOUND')).toBe(true);
    } finally {
      await s.stop();
    }
  });
});
