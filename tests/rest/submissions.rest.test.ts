// Submission contests over real HTTP (issue 31's REST rows): the organiser's evaluation with its
// answer key (PUT /api/contests/{id}/evaluation), members' uploads scored at once against the key
// in the scoring workers (POST /api/contests/{id}/submissions) with the figures scikit-learn gives
// for the fixture, refusals with their lines and limits, the lists, one submission, its file,
// selection, the boards (public; private 404 to members until published), re-scoring and
// publishing (the private ranks become the contest's final places).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { scoreDueSubmissions } from '../../src/server/domain/submissions';
import { contestParticipants, contests } from '../../src/server/platform/db/schema';
import { clientFor } from '../helpers/accounts';
import { insertContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import { SCORING_FIXTURES } from '../helpers/scoringFixtures';
import {
  HttpClient,
  startTestServer,
  type HttpClient as Client,
  type TestServer,
} from '../helpers/server';

const HOUR = 3_600_000;
const fixture = (name: string) => path.join(SCORING_FIXTURES, 'binary_proba', name);
const KEY = fs.readFileSync(fixture('key.csv'));
const SUBMISSION = fs.readFileSync(fixture('submission.csv'));
const EXPECTED = JSON.parse(fs.readFileSync(fixture('expected.json'), 'utf8')) as {
  roc_auc: { public: number; private: number };
};
const SETTINGS = { metric: 'roc_auc', dailyLimit: 3, selectionLimit: 1 };

let s: TestServer;
let creator: CreatedUser;
let organiser: Client;
let anonymous: Client;
beforeAll(async () => {
  s = await startTestServer();
  creator = await createUser(s.db);
  organiser = await clientFor(s, creator.id);
  anonymous = new HttpClient(s.url);
});
afterAll(() => s?.stop());

function form(fields: Record<string, string | [Buffer, string]>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') body.append(name, value);
    else body.append(name, new Blob([new Uint8Array(value[0])]), value[1]);
  }
  return body;
}

/** A running submission contest with `n` participants (and their clients). */
async function running(n: number) {
  const contest = await insertContest(s.db, {
    createdBy: creator.id,
    format: 'submission',
    startDate: new Date(Date.now() - HOUR),
    registrationDeadline: new Date(Date.now() - HOUR),
    endDate: new Date(Date.now() + 24 * HOUR),
  });
  const people: { user: CreatedUser; http: Client }[] = [];
  for (let i = 0; i < n; i++) {
    const user = await createUser(s.db);
    await addParticipant({ db: s.db, contestId: contest.id, userId: user.id });
    people.push({ user, http: await clientFor(s, user.id) });
  }
  return { contest, people };
}

const setEvaluation = (contestId: number, settings: object, key?: Buffer) =>
  organiser.request(
    'PUT',
    `/api/contests/${contestId}/evaluation`,
    form({
      settings: JSON.stringify(settings),
      ...(key ? { key: [key, 'key.csv'] as [Buffer, string] } : {}),
    }),
  );

const submit = (http: Client, contestId: number, file: Buffer, name = 'preds.csv') =>
  http.request(
    'POST',
    `/api/contests/${contestId}/submissions`,
    form({ file: [file, name], description: 'first try' }),
  );

/** The fixture's submission with every prediction replaced by f(p). */
function transformed(f: (p: number) => number): Buffer {
  const [head, ...lines] = SUBMISSION.toString('utf8').trim().split('\n');
  return Buffer.from(
    [head, ...lines.map((l) => `${l.split(',')[0]},${f(Number(l.split(',')[1]))}`)].join('\n'),
  );
}

describe('PUT /api/contests/{id}/evaluation', () => {
  it('stores the settings and the key (never its content), and members read them', async () => {
    const { contest, people } = await running(1);
    const res = await setEvaluation(contest.id, SETTINGS, KEY);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      metric: 'roc_auc',
      direction: 'higher',
      keyReady: true,
      dailyLimit: 3,
      key: { fileName: 'key.csv', rows: 5792, split: 'column' },
    });
    expect(res.text).not.toContain('r017034');
    const member = await people[0]!.http.get(`/api/contests/${contest.id}/evaluation`);
    expect(member.status).toBe(200);
    expect(member.json).toMatchObject({ key: null, mine: { remainingToday: 3, selected: 0 } });
    expect(member.text).not.toContain('splitSeed');
    // The sample the platform makes from the key's ids: a constant prediction, accepted as is.
    const sample = await people[0]!.http.get(`/api/contests/${contest.id}/evaluation/sample`);
    expect(sample.status).toBe(200);
    expect(sample.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = sample.text.trim().split('\n');
    expect(lines[0]).toBe('id,target');
    expect(lines).toHaveLength(5793);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[1]))).toEqual(new Set(['0.5']));
    const scored = await submit(people[0]!.http, contest.id, Buffer.from(sample.text));
    expect(scored.json).toMatchObject({ status: 'scored', publicScore: 0.5 });
    // The stored key is nowhere under the public upload folder.
    expect(fs.readdirSync(s.deps.uploadDir).some((f) => f.includes('csv'))).toBe(false);
  });

  it('refuses bad settings with the field, a key with repeated ids with its lines, others 403/401', async () => {
    const { contest, people } = await running(1);
    const bad = await setEvaluation(contest.id, { metric: 'map_at_k' }, KEY);
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/needs k/);
    const twice = Buffer.from('id,target\na,1\nb,0\na,1\n');
    const refused = await setEvaluation(contest.id, SETTINGS, twice);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ reason: 'bad_key', total: 1 });
    expect((refused.json.lines as { line: number; message: string }[])[0]).toMatchObject({
      line: 4,
    });
    const member = await people[0]!.http.request(
      'PUT',
      `/api/contests/${contest.id}/evaluation`,
      form({ settings: JSON.stringify(SETTINGS) }),
    );
    expect(member.status).toBe(403);
    expect(member.json.reason).toBe('not_organiser');
    expect(
      (await anonymous.request('PUT', `/api/contests/${contest.id}/evaluation`, SETTINGS)).status,
    ).toBe(401);
  });
});

describe('POST /api/contests/{id}/submissions', () => {
  it('scores a file at once with scikit-learn’s public figure; the private one stays hidden', async () => {
    const { contest, people } = await running(1);
    await setEvaluation(contest.id, SETTINGS, KEY);
    const res = await submit(people[0]!.http, contest.id, SUBMISSION);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: 'scored', privateScore: null, fileName: 'preds.csv' });
    expect(res.json.publicScore as number).toBeCloseTo(EXPECTED.roc_auc.public, 9);
    const evaluation = await people[0]!.http.get(`/api/contests/${contest.id}/evaluation`);
    expect(evaluation.json.mine).toMatchObject({ remainingToday: 2 });
    // The organiser sees both scores.
    const all = await organiser.get(`/api/contests/${contest.id}/submissions`);
    expect(all.status).toBe(200);
    expect((all.json as unknown as { privateScore: number }[])[0]!.privateScore).toBeCloseTo(
      EXPECTED.roc_auc.private,
      9,
    );
    // The member downloads their own file as sent.
    const file = await people[0]!.http.get(`/api/submissions/${res.json.id}/file`);
    expect(file.status).toBe(200);
    expect(file.text).toBe(SUBMISSION.toString('utf8'));
  });

  it('lists every problem of a refused file with its line; it does not count', async () => {
    const { contest, people } = await running(1);
    await setEvaluation(contest.id, SETTINGS, KEY);
    const [head, first, ...rest] = SUBMISSION.toString('utf8').trim().split('\n');
    const broken = Buffer.from([head, first, first, ...rest.slice(1)].join('\n'));
    const res = await submit(people[0]!.http, contest.id, broken);
    expect(res.status).toBe(400);
    expect(res.json.reason).toBe('bad_submission');
    const lines = res.json.lines as { line: number | null; message: string }[];
    expect(lines.some((l) => l.line === 3 && /twice/.test(l.message))).toBe(true);
    expect(res.json.total).toBeGreaterThanOrEqual(2);
    const evaluation = await people[0]!.http.get(`/api/contests/${contest.id}/evaluation`);
    expect(evaluation.json.mine).toMatchObject({ remainingToday: 3 });
  });

  it('answers every malformed upload with a 4xx and its reason, never a 500', async () => {
    const { contest, people } = await running(1);
    await setEvaluation(contest.id, SETTINGS, KEY);
    const http = people[0]!.http;
    const bomb = zlib.gzipSync(Buffer.alloc(300 * 1024 * 1024, 0x61));
    const cases: [string, Buffer][] = [
      ['binary', Buffer.from([0, 1, 2, 3, 255, 254, 0, 0])],
      ['empty', Buffer.alloc(0)],
      ['no header', Buffer.from('r017034,0.5\n')],
      ['semicolons', Buffer.from(SUBMISSION.toString('utf8').replace(/,/g, ';'))],
      ['gzip bomb', bomb],
    ];
    for (const [what, bytes] of cases) {
      const res = await submit(
        http,
        contest.id,
        bytes,
        what === 'gzip bomb' ? 'p.csv.gz' : 'p.csv',
      );
      // The answer in the message: a 201 here says how the file went (failed, queued) instead.
      expect(res.status, `${what}: ${JSON.stringify(res.json).slice(0, 300)}`).toBe(400);
      expect(res.json.reason, what).toBe('bad_submission');
      expect((res.json.lines as unknown[]).length, what).toBeGreaterThan(0);
    }
    // Not multipart, or no file: 400 with words.
    const json = await http.post(`/api/contests/${contest.id}/submissions`, { file: 'x' });
    expect(json.status).toBe(400);
    const none = await http.request('POST', `/api/contests/${contest.id}/submissions`, form({}));
    expect(none.status).toBe(400);
    expect(none.json.message).toMatch(/No file/);
    // None of it counted.
    const evaluation = await http.get(`/api/contests/${contest.id}/evaluation`);
    expect(evaluation.json.mine).toMatchObject({ remainingToday: 3 });
  });

  it('refuses past the daily limit (429, Retry-After, reset), outsiders 403, after the end 409', async () => {
    const { contest, people } = await running(1);
    await setEvaluation(contest.id, { ...SETTINGS, dailyLimit: 1 }, KEY);
    const http = people[0]!.http;
    expect((await submit(http, contest.id, SUBMISSION)).status).toBe(201);
    const limited = await submit(http, contest.id, SUBMISSION);
    expect(limited.status).toBe(429);
    expect(limited.json.reason).toBe('daily_limit');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.json.resetsAt).toMatch(/T00:00:00.000Z$/);
    const outsider = await clientFor(s, (await createUser(s.db)).id);
    const refused = await submit(outsider, contest.id, SUBMISSION);
    expect(refused.status).toBe(403);
    expect(refused.json.reason).toBe('not_participant');
    await s.db
      .update(contests)
      .set({ endDate: new Date(Date.now() - 1000) })
      .where(eq(contests.id, contest.id));
    const ended = await submit(http, contest.id, SUBMISSION);
    expect(ended.status).toBe(409);
    expect(ended.json.reason).toBe('contest_ended');
  });
});

describe('selection, boards and publishing', () => {
  it('ranks the public board, hides the private one, publishes the final places', async () => {
    const { contest, people } = await running(3);
    await setEvaluation(contest.id, SETTINGS, KEY);
    const [a, b, c] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    const good = await submit(a.http, contest.id, SUBMISSION);
    const inverted = await submit(
      b.http,
      contest.id,
      transformed((p) => 1 - p),
    );
    const blurred = await submit(
      c.http,
      contest.id,
      transformed((p) => Math.round(p)),
    );
    for (const r of [good, inverted, blurred]) expect(r.status).toBe(201);

    const board = await a.http.get(`/api/contests/${contest.id}/leaderboard?board=public`);
    expect(board.status).toBe(200);
    const entries = board.json.entries as { userId: number; rank: number; score: number }[];
    expect(entries.map((e) => e.userId)).toEqual([a.user.id, c.user.id, b.user.id]);
    expect(entries[0]!.score).toBeCloseTo(EXPECTED.roc_auc.public, 9);

    const hidden = await a.http.get(`/api/contests/${contest.id}/leaderboard?board=private`);
    expect(hidden.status).toBe(404);
    expect(hidden.json.reason).toBe('board_not_published');
    expect(
      (await organiser.get(`/api/contests/${contest.id}/leaderboard?board=private`)).status,
    ).toBe(200);

    // Selection: within the limit of 1.
    const second = await submit(
      a.http,
      contest.id,
      transformed((p) => p * p),
    );
    expect(
      (await a.http.patch(`/api/submissions/${good.json.id}`, { selected: true })).status,
    ).toBe(200);
    const over = await a.http.patch(`/api/submissions/${second.json.id}`, { selected: true });
    expect(over.status).toBe(409);
    expect(over.json.reason).toBe('selection_limit');
    // Another entrant's submission is not theirs to select.
    expect(
      (await b.http.patch(`/api/submissions/${good.json.id}`, { selected: true })).status,
    ).toBe(404);

    const published = await organiser.post(`/api/contests/${contest.id}/evaluation/publish`);
    expect(published.status).toBe(200);
    expect(published.json).toMatchObject({ published: true, ranked: 3 });
    const final = await b.http.get(`/api/contests/${contest.id}/leaderboard?board=private`);
    expect(final.status).toBe(200);
    const finalEntries = final.json.entries as { userId: number; publicRank: number }[];
    expect(finalEntries[0]).toMatchObject({ userId: a.user.id, publicRank: 1 });
    const mine = await a.http.get(`/api/submissions/${good.json.id}`);
    expect(mine.json.privateScore as number).toBeCloseTo(EXPECTED.roc_auc.private, 9);
    const [row] = await s.db.select().from(contests).where(eq(contests.id, contest.id));
    expect(row!.status).toBe('completed');
    const places = await s.db
      .select({ userId: contestParticipants.userId, score: contestParticipants.score })
      .from(contestParticipants)
      .where(eq(contestParticipants.contestId, contest.id));
    expect(places.find((p) => p.userId === a.user.id)!.score).toBe(1);
    // The leaderboard reads places, not points.
    const leaderboard = await b.http.get(`/api/contests/${contest.id}/leaderboard`);
    expect(leaderboard.json).toMatchObject({ ranksBy: 'place' });
    const again = await organiser.post(`/api/contests/${contest.id}/evaluation/publish`);
    expect(again.status).toBe(409);
  });

  it('re-scores every submission under a new version (202), the job taking each again', async () => {
    const { contest, people } = await running(1);
    await setEvaluation(contest.id, SETTINGS, KEY);
    const first = await submit(people[0]!.http, contest.id, SUBMISSION);
    const res = await organiser.post(`/api/contests/${contest.id}/evaluation/rescore`);
    expect(res.status).toBe(202);
    const before = await organiser.get(`/api/contests/${contest.id}/evaluation`);
    expect(before.json.key).toMatchObject({ version: 2, scored: 0, total: 1 });
    await scoreDueSubmissions({ db: s.db, privateDir: s.deps.privateDir });
    const after = await organiser.get(`/api/contests/${contest.id}/evaluation`);
    expect(after.json.key).toMatchObject({ version: 2, scored: 1, total: 1 });
    const again = await organiser.get(`/api/submissions/${first.json.id}`);
    expect(again.json.publicScore).toBe(first.json.publicScore);
    expect(
      (await people[0]!.http.post(`/api/contests/${contest.id}/evaluation/rescore`)).status,
    ).toBe(403);
  });
});
