// GET /api/education and GET /api/education/{id or slug} over real HTTP: SPEC 3's fields as
// plain JSON (dates as ISO strings), ?search=, ?kind=, ?page= and ?saved=, X-Total-Count, and a
// clear 4xx for every bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/server/seed/seed';
import { signIn } from '../helpers/accounts';
import { createUser } from '../helpers/db';
import { HttpClient, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let member: HttpClient;
beforeAll(async () => {
  s = await startTestServer();
  await seedDemo(s.db);
  member = await signIn(s.url, await createUser(s.db));
});
afterAll(() => s.stop());

type Listed = Record<string, unknown> & { id: number; slug: string; kind: string; title: string };

describe('GET /api/education', () => {
  it('answers one page as an array of SPEC 3’s fields, newest first, with the total', async () => {
    const res = await member.get('/api/education');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('4');
    const items = res.json as unknown as Listed[];
    expect(items).toHaveLength(4);
    expect(Object.keys(items[0]!).sort()).toEqual(
      [
        'id',
        'wpId',
        'slug',
        'kind',
        'source',
        'title',
        'excerpt',
        'featuredImage',
        'category',
        'tags',
        'publishDate',
        'lastSync',
        'authorName',
        'updatedAt',
        'saved',
      ].sort(),
    );
    expect(items[0]).toMatchObject({
      slug: 'position-sizing-for-trading-contests',
      kind: 'tutorial',
      wpId: null,
      lastSync: null,
      tags: ['forex', 'risk management', 'beginner'],
    });
    expect(items[0]!.publishDate).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
  });

  it('searches, filters by kind and pages', async () => {
    const search = await member.get('/api/education?search=candlestick');
    expect((search.json as unknown as Listed[]).map((i) => i.title)).toEqual([
      'Reading Candlestick Charts',
    ]);
    const resources = await member.get('/api/education?kind=resource');
    expect((resources.json as unknown as Listed[]).map((i) => i.slug)).toEqual([
      'pre-contest-checklist',
    ]);
    const page2 = await member.get('/api/education?page=2&pageSize=3');
    expect(page2.status).toBe(200);
    expect(page2.json).toHaveLength(1);
    expect(page2.headers.get('x-total-count')).toBe('4');
    const empty = await member.get('/api/education?search=nothing-like-this');
    expect(empty.json).toEqual([]);
    expect(empty.headers.get('x-total-count')).toBe('0');
  });

  it('lists the caller’s saved items with ?saved=true', async () => {
    const all = (await member.get('/api/education')).json as unknown as Listed[];
    const caller = await signIn(s.url, await createUser(s.db));
    expect((await caller.get('/api/education?saved=true')).json).toEqual([]);
    // Saving goes through tRPC, as the client does it.
    const saved = await caller.post('/trpc/education.save', { json: { id: all[2]!.id } });
    expect(saved.status).toBe(200);
    const list = (await caller.get('/api/education?saved=true')).json as unknown as Listed[];
    expect(list.map((i) => [i.id, i.saved])).toEqual([[all[2]!.id, true]]);
  });

  it('answers 400 with a clear message for bad query values', async () => {
    for (const [query, message] of [
      ['kind=video', 'Kind must be one of tutorial, article, resource'],
      ['page=0', 'Page must be at least 1'],
      ['page=abc', 'Page must be a number'],
      ['page=1e3', 'Page must be a number'],
      ['pageSize=500', 'Page size must be at most 50'],
      ['saved=maybe', 'Saved must be true or false'],
      [`search=${'x'.repeat(101)}`, 'Search must be at most 100 characters'],
      ['kind=a&kind=b', 'Kind must be one of tutorial, article, resource'],
    ] as const) {
      const res = await member.get(`/api/education?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.message, query).toBe(message);
    }
  });

  it('answers 401 without a session', async () => {
    const res = await new HttpClient(s.url).get('/api/education');
    expect(res.status).toBe(401);
  });
});

describe('GET /api/education/:idOrSlug', () => {
  it('answers one item with its body, by id or by slug', async () => {
    const bySlug = await member.get('/api/education/pre-contest-checklist');
    expect(bySlug.status).toBe(200);
    expect(bySlug.json).toMatchObject({
      slug: 'pre-contest-checklist',
      kind: 'resource',
      source: 'local',
      title: 'Pre-Contest Checklist',
    });
    expect(bySlug.json.content).toContain('## Eligibility');
    const byId = await member.get(`/api/education/${String(bySlug.json.id)}`);
    expect(byId.json).toEqual(bySlug.json);
  });

  it('answers 404 for anything that is not an item and 400 for what cannot be one, never a 500', async () => {
    for (const path of ['999999', 'no-such-item', '0', '-1', '1.json', '%E2%9C%93']) {
      const res = await member.get(`/api/education/${path}`);
      expect(res.status, path).toBe(404);
      expect(res.json.message, path).toBe('Content not found');
    }
    for (const [path, message] of [
      ['%20', 'An id or a slug is required'],
      ['a'.repeat(201), 'An id or a slug is at most 200 characters'],
    ] as const) {
      const res = await member.get(`/api/education/${path}`);
      expect(res.status, path).toBe(400);
      expect(res.json.message, path).toBe(message);
    }
  });

  it('answers 401 without a session', async () => {
    expect((await new HttpClient(s.url).get('/api/education/1')).status).toBe(401);
  });
});
