// Leaderboards over real HTTP: GET /api/contests/{id}/leaderboard, PUT /api/contests/{id}/scores,
// and the live subscription as a browser opens it (server-sent events on /trpc): it hears a
// score change as it happens, uncompressed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { SCORE_MESSAGES } from '../../src/shared/leaderboard';
import {
  announceLeaderboardChanges,
  MAX_STREAMS_PER_MEMBER,
} from '../../src/server/platform/events';
import { clientFor, sessionCookie } from '../helpers/accounts';
import { insertContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import { HttpClient, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let creator: CreatedUser;
let member: CreatedUser;
let creatorHttp: HttpClient;
let memberHttp: HttpClient;
beforeAll(async () => {
  s = await startTestServer();
  creator = await createUser(s.db);
  member = await createUser(s.db);
  creatorHttp = await clientFor(s, creator.id);
  memberHttp = await clientFor(s, member.id);
});
afterAll(() => s?.stop());

async function board(size: number) {
  const contest = await insertContest(s.db, { createdBy: creator.id, status: 'active' });
  const people: CreatedUser[] = [];
  for (let i = 0; i < size; i++) {
    const person = await createUser(s.db);
    await addParticipant({ db: s.db, contestId: contest.id, userId: person.id });
    people.push(person);
  }
  return { contest, people };
}

describe('GET /api/contests/{id}/leaderboard', () => {
  it('answers { total, entries, me } with ?limit= and ?offset=', async () => {
    const { contest, people } = await board(3);
    await addParticipant({ db: s.db, contestId: contest.id, userId: member.id, score: -1 });
    await creatorHttp.request('PUT', `/api/contests/${contest.id}/scores`, {
      scores: people.map((p, i) => ({ username: p.username, score: 30 - i * 10 })),
    });
    const res = await memberHttp.get(`/api/contests/${contest.id}/leaderboard?limit=2&offset=1`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      contestId: contest.id,
      scoreDecimals: 0,
      scoreOrder: 'higher',
      total: 4,
      entries: [
        {
          rank: 2,
          userId: people[1]!.id,
          username: people[1]!.username,
          score: 20,
          tier: 'free',
          profileImage: null,
          teamId: null,
          teamName: null,
        },
        {
          rank: 3,
          userId: people[2]!.id,
          username: people[2]!.username,
          score: 10,
          tier: 'free',
          profileImage: null,
          teamId: null,
          teamName: null,
        },
      ],
      me: { rank: 4, score: -1, teamId: null },
    });
    expect((await memberHttp.get(`/api/contests/${contest.id}/leaderboard?limit=500`)).status).toBe(
      400,
    );
    expect((await memberHttp.get('/api/contests/99999999/leaderboard')).status).toBe(404);
  });
});

describe('PUT /api/contests/{id}/scores', () => {
  it('answers { updated, refused } for the creator, 403 for another member', async () => {
    const { contest, people } = await board(1);
    const body = {
      scores: [
        { username: people[0]!.username, score: 12 },
        { username: 'no_such_member', score: 1 },
      ],
    };
    const res = await creatorHttp.request('PUT', `/api/contests/${contest.id}/scores`, body);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      updated: 1,
      refused: [
        {
          index: 1,
          username: 'no_such_member',
          reason: 'unknown_user',
          message: SCORE_MESSAGES.unknown_user,
        },
      ],
    });
    const refused = await memberHttp.request('PUT', `/api/contests/${contest.id}/scores`, body);
    expect(refused.status).toBe(403);
    const empty = await creatorHttp.request('PUT', `/api/contests/${contest.id}/scores`, {});
    expect(empty.status).toBe(400);
  });

  it('takes decimals up to the contest’s, as numbers or text, refusing a line with more', async () => {
    const contest = await insertContest(s.db, {
      createdBy: creator.id,
      status: 'active',
      scoreDecimals: 2,
      scoreOrder: 'lower',
    });
    const people: CreatedUser[] = [];
    for (let i = 0; i < 3; i++) {
      const person = await createUser(s.db);
      await addParticipant({ db: s.db, contestId: contest.id, userId: person.id });
      people.push(person);
    }
    const res = await creatorHttp.request('PUT', `/api/contests/${contest.id}/scores`, {
      scores: [
        { username: people[0]!.username, score: 61.25 },
        { username: people[1]!.username, score: '59.5' },
        { username: people[2]!.username, score: '58.125' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      updated: 2,
      refused: [
        {
          index: 2,
          username: people[2]!.username,
          reason: 'bad_decimals',
          message: 'This contest takes at most 2 decimals.',
        },
      ],
    });
    const board = await memberHttp.get(`/api/contests/${contest.id}/leaderboard`);
    // Lower is better: 59.5 first; the member without a score last, unranked.
    expect(
      (board.json.entries as { rank: number | null; score: number | null }[]).map((e) => [
        e.rank,
        e.score,
      ]),
    ).toEqual([
      [1, 59.5],
      [2, 61.25],
      [null, null],
    ]);
  });
});

describe('GET /api/contests/{id}/scores/history', () => {
  it('lists every change newest first, recorded as entered over REST', async () => {
    const { contest, people } = await board(2);
    await creatorHttp.request('PUT', `/api/contests/${contest.id}/scores`, {
      scores: [{ username: people[0]!.username, score: 5 }],
    });
    // Whatever the body says, a REST call is recorded as 'rest'.
    await creatorHttp.request('PUT', `/api/contests/${contest.id}/scores`, {
      source: 'form',
      scores: [
        { username: people[0]!.username, score: 7 },
        { username: people[1]!.username, score: 3 },
      ],
    });
    const res = await creatorHttp.get(`/api/contests/${contest.id}/scores/history`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('3');
    const items = res.json as unknown as {
      username: string;
      oldScore: number | null;
      newScore: number;
      changedByName: string;
      source: string;
      createdAt: string;
    }[];
    expect(
      items.map((h) => [h.username, h.oldScore, h.newScore, h.changedByName, h.source]),
    ).toEqual([
      [people[1]!.username, null, 3, creator.username, 'rest'],
      [people[0]!.username, 5, 7, creator.username, 'rest'],
      [people[0]!.username, null, 5, creator.username, 'rest'],
    ]);
    expect(items[0]!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const paged = await creatorHttp.get(
      `/api/contests/${contest.id}/scores/history?page=2&pageSize=2`,
    );
    expect((paged.json as unknown as { newScore: number }[]).map((h) => h.newScore)).toEqual([5]);
  });

  it('is the creator’s and the reviewers’ to read: other members 403, hidden 404', async () => {
    const { contest } = await board(1);
    expect((await memberHttp.get(`/api/contests/${contest.id}/scores/history`)).status).toBe(403);
    const hidden = await insertContest(s.db, { createdBy: creator.id, status: 'draft' });
    expect((await memberHttp.get(`/api/contests/${hidden.id}/scores/history`)).status).toBe(404);
    expect((await memberHttp.get('/api/contests/abc/scores/history')).status).toBe(404);
  });
});

/** Reads an event stream until `until` holds for what arrived, or fails after `ms`. */
async function readUntil(
  body: ReadableStream<Uint8Array>,
  until: (text: string) => boolean,
  ms = 5000,
): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`no matching event within ${ms} ms:\n${text}`)), ms),
  );
  try {
    while (!until(text)) {
      const chunk = await Promise.race([reader.read(), deadline]);
      if (chunk.done) throw new Error(`stream ended:\n${text}`);
      text += decoder.decode(chunk.value, { stream: true });
    }
    return text;
  } finally {
    reader.releaseLock();
  }
}

/** What a stream says until the server ends it. */
async function readToEnd(body: ReadableStream<Uint8Array>, ms = 5000): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`the stream did not end within ${ms} ms:\n${text}`)), ms),
  );
  try {
    for (;;) {
      const chunk = await Promise.race([reader.read(), deadline]);
      if (chunk.done) return text;
      text += decoder.decode(chunk.value, { stream: true });
    }
  } finally {
    reader.releaseLock();
  }
}

describe('leaderboard.onChange over server-sent events', () => {
  it('streams an event to an open leaderboard when a score changes', async () => {
    const { contest, people } = await board(2);
    const input = encodeURIComponent(JSON.stringify({ json: { contestId: contest.id } }));
    const controller = new AbortController();
    const res = await fetch(`${s.url}/trpc/leaderboard.onChange?input=${input}`, {
      headers: {
        accept: 'text/event-stream',
        'accept-encoding': 'gzip, br',
        cookie: await sessionCookie(s, member.id),
      },
      signal: controller.signal,
    });
    try {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      // Compression would hold events back in its buffer.
      expect(res.headers.get('content-encoding')).toBeNull();
      const body = res.body!;
      const connected = await readUntil(body, (text) => text.includes('event: connected'));
      expect(connected).toContain('event: connected');

      const put = await creatorHttp.request('PUT', `/api/contests/${contest.id}/scores`, {
        scores: [{ username: people[1]!.username, score: 40 }],
      });
      expect(put.json.updated).toBe(1);
      // A tracked event: its data, then the id a reconnecting client sends back.
      const event = /data: (\{[^\n]*"contestId"[^\n]*\})\nid: \S+/;
      const text = await readUntil(body, (t) => event.test(t));
      const data = event.exec(text)![1]!;
      // The channel's third change: the setup's two joins were the first two.
      expect(JSON.parse(data)).toMatchObject({ json: { contestId: contest.id, version: 3 } });
    } finally {
      controller.abort();
    }
  });

  it(`a member's stream past ${MAX_STREAMS_PER_MEMBER} closes their oldest with a 503 (the client reconnects)`, async () => {
    const { contest } = await board(1);
    const viewer = await createUser(s.db);
    const cookie = await sessionCookie(s, viewer.id);
    const input = encodeURIComponent(JSON.stringify({ json: { contestId: contest.id } }));
    const controller = new AbortController();
    const open = async () => {
      const res = await fetch(`${s.url}/trpc/leaderboard.onChange?input=${input}`, {
        headers: { accept: 'text/event-stream', cookie },
        signal: controller.signal,
      });
      expect(res.status).toBe(200);
      // Counted once its 'connected' event is out: the order of opening is the order here.
      await readUntil(res.body!, (text) => text.includes('event: connected'));
      return res.body!;
    };
    try {
      const streams = [];
      for (let i = 0; i < MAX_STREAMS_PER_MEMBER; i++) streams.push(await open());
      await open();
      const ending = await readToEnd(streams[0]!);
      expect(ending).toContain('event: serialized-error');
      // Retryable for tRPC's client (a 500 would be too, but it would be logged as our failure).
      expect(ending).toContain('SERVICE_UNAVAILABLE');
      expect(ending).toContain('closed for a newer one');
      expect(ending).not.toContain('event: return');
      // The next oldest is still open: a change reaches it.
      await announceLeaderboardChanges({ db: s.db, contestIds: [contest.id] });
      expect(await readUntil(streams[1]!, (text) => /\nid: \d+/.test(text))).toContain('data: ');
    } finally {
      controller.abort();
    }
  });

  it('refuses a member who may not see the contest, in the stream', async () => {
    const hidden = await insertContest(s.db, { createdBy: creator.id, status: 'pending' });
    const input = encodeURIComponent(JSON.stringify({ json: { contestId: hidden.id } }));
    const res = await fetch(`${s.url}/trpc/leaderboard.onChange?input=${input}`, {
      headers: { accept: 'text/event-stream', cookie: await sessionCookie(s, member.id) },
    });
    const text = await readUntil(
      res.body!,
      (t) => t.includes('serialized-error') && t.includes('\n\n'),
    );
    expect(text).toContain('NOT_FOUND');
    expect(text).not.toMatch(/"contestId"/);
  });
});

describe('POST /api/contests/{id}/scores/csv', () => {
  const csv = (text: string) => {
    const form = new FormData();
    form.append('file', new Blob([text], { type: 'text/csv' }), 'scores.csv');
    return form;
  };

  it('applies a whole file in one request, ranked, recorded as a CSV import', async () => {
    const { contest, people } = await board(4);
    const text = [
      'username,score',
      `${people[0]!.username},10`,
      `${people[1]!.username.toUpperCase()},30`,
      `"${people[2]!.username}",30`,
      '',
      `${people[3]!.username};5`,
    ].join('\r\n');
    const res = await creatorHttp.request(
      'POST',
      `/api/contests/${contest.id}/scores/csv`,
      csv(text),
    );
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ updated: 4 });
    const board2 = await creatorHttp.get(`/api/contests/${contest.id}/leaderboard`);
    expect(
      (board2.json.entries as { username: string; rank: number }[]).map((e) => [
        e.username,
        e.rank,
      ]),
    ).toEqual([
      [people[1]!.username, 1],
      [people[2]!.username, 1],
      [people[0]!.username, 3],
      [people[3]!.username, 4],
    ]);
    const history = await creatorHttp.get(`/api/contests/${contest.id}/scores/history`);
    expect((history.json as unknown as { source: string }[]).map((h) => h.source)).toEqual([
      'csv',
      'csv',
      'csv',
      'csv',
    ]);
  });

  it('refuses a file with any bad line, naming each line and its reason, and stores nothing', async () => {
    const { contest, people } = await board(3);
    const outsider = await createUser(s.db);
    const text = [
      `${people[0]!.username},12`,
      `${people[1]!.username},abc`,
      'no_such_member,1',
      `${outsider.username},4`,
      `${people[2]!.username},1.5`,
      'one field only',
      `${people[0]!.username},13`,
    ].join('\n');
    const res = await creatorHttp.request(
      'POST',
      `/api/contests/${contest.id}/scores/csv`,
      csv(text),
    );
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      message: '6 lines of the file are refused; no score was stored',
      code: 'BAD_REQUEST',
      reason: 'bad_lines',
      details: { refused: 6 },
      lines: [
        {
          line: 1,
          username: people[0]!.username,
          reason: 'duplicate',
          message: SCORE_MESSAGES.duplicate,
        },
        {
          line: 2,
          username: people[1]!.username,
          reason: 'bad_score',
          message: SCORE_MESSAGES.bad_score,
        },
        {
          line: 3,
          username: 'no_such_member',
          reason: 'unknown_user',
          message: SCORE_MESSAGES.unknown_user,
        },
        {
          line: 4,
          username: outsider.username,
          reason: 'not_participant',
          message: SCORE_MESSAGES.not_participant,
        },
        {
          line: 5,
          username: people[2]!.username,
          reason: 'bad_decimals',
          message: 'This contest takes whole numbers only (no decimals).',
        },
        {
          line: 6,
          username: 'one field only',
          reason: 'bad_line',
          message: SCORE_MESSAGES.bad_line,
        },
      ],
    });
    // Lines that were fine on their own were not stored either.
    const after = await creatorHttp.get(`/api/contests/${contest.id}/leaderboard`);
    expect((after.json.entries as { score: number | null }[]).every((e) => e.score === null)).toBe(
      true,
    );
    const history = await creatorHttp.get(`/api/contests/${contest.id}/scores/history`);
    expect(history.headers.get('x-total-count')).toBe('0');
  });

  it('is for the creator and reviewers: 401 signed out, 403 other members, 404 hidden, 400 without a file', async () => {
    const { contest, people } = await board(1);
    const line = `${people[0]!.username},1`;
    const path = `/api/contests/${contest.id}/scores/csv`;
    const anonymous = new HttpClient(s.url);
    expect((await anonymous.request('POST', path, csv(line))).status).toBe(401);
    expect((await memberHttp.request('POST', path, csv(line))).status).toBe(403);
    const hidden = await insertContest(s.db, { createdBy: creator.id, status: 'draft' });
    expect(
      (await memberHttp.request('POST', `/api/contests/${hidden.id}/scores/csv`, csv(line))).status,
    ).toBe(404);
    expect(
      (await creatorHttp.request('POST', '/api/contests/abc/scores/csv', csv(line))).status,
    ).toBe(404);
    expect((await creatorHttp.request('POST', path, new FormData())).status).toBe(400);
    expect((await creatorHttp.request('POST', path, { scores: [] })).status).toBe(400);
    expect((await creatorHttp.request('POST', path, csv('\n\n'))).status).toBe(400);
    const after = await creatorHttp.get(`/api/contests/${contest.id}/leaderboard`);
    expect((after.json.entries as { score: number | null }[])[0]!.score).toBeNull();
  });
});
