// A submission contest's evaluation settings sent with the contest over REST (issue 31):
// POST /api/contests and PATCH /api/contests/{id} take an optional `evaluation` (the `settings`
// of PUT /api/contests/{id}/evaluation), refused with the field's message when bad, and only
// from the contest's organiser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor } from '../helpers/accounts';
import { createInput } from '../helpers/contests';
import { createUser } from '../helpers/db';
import { startTestServer, type HttpClient, type TestServer } from '../helpers/server';

const SETTINGS = { metric: 'rmse', dailyLimit: 2, maxFileMb: 5 };

let s: TestServer;
let creator: HttpClient;
let stranger: HttpClient;
beforeAll(async () => {
  s = await startTestServer();
  creator = await clientFor(s, (await createUser(s.db)).id);
  stranger = await clientFor(s, (await createUser(s.db)).id);
});
afterAll(() => s?.stop());

const body = (title: string, evaluation: unknown) => ({
  ...createInput({ title, format: 'submission' }),
  evaluation,
});

describe('POST and PATCH /api/contests with evaluation settings', () => {
  it('creates the contest with them; a bad value is 400 with its message, nothing created', async () => {
    const created = await creator.post('/api/contests', body('REST Rainfall', SETTINGS));
    expect(created.status).toBe(201);
    const id = created.json.id as number;
    const read = await creator.get(`/api/contests/${id}/evaluation`);
    expect(read.json).toMatchObject({
      metric: 'rmse',
      dailyLimit: 2,
      maxFileMb: 5,
      keyReady: false,
    });

    const bad = await creator.post(
      '/api/contests',
      body('REST Too Big', { ...SETTINGS, maxFileMb: 500 }),
    );
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('At most 200 MB');
    const list = await creator.get('/api/contests?tab=all');
    expect(JSON.stringify(list.json)).not.toContain('REST Too Big');
  });

  it('PATCH changes them for the organiser; another member is refused', async () => {
    const created = await creator.post('/api/contests', body('REST Tides', SETTINGS));
    const id = created.json.id as number;
    const changed = await creator.patch(`/api/contests/${id}`, {
      evaluation: { ...SETTINGS, metric: 'mae' },
    });
    expect(changed.status).toBe(200);
    expect((await creator.get(`/api/contests/${id}/evaluation`)).json).toMatchObject({
      metric: 'mae',
    });
    const refused = await stranger.patch(`/api/contests/${id}`, { evaluation: SETTINGS });
    expect([403, 404]).toContain(refused.status);
    expect((await creator.get(`/api/contests/${id}/evaluation`)).json).toMatchObject({
      metric: 'mae',
    });
  });
});
