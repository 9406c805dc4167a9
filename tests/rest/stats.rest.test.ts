// GET /api/admin/stats over real HTTP (SPEC 7): SPEC 3's Admin stats shape, for admins only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor } from '../helpers/accounts';
import { insertContest } from '../helpers/contests';
import { createUser } from '../helpers/db';
import { HttpClient, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.stop());

describe('GET /api/admin/stats', () => {
  it('answers the figures to admins', async () => {
    const admin = await createUser(s.db, { role: 'admin' });
    await createUser(s.db, { tier: 'pro' });
    await insertContest(s.db, { createdBy: admin.id, status: 'pending' });
    const res = await (await clientFor(s, admin.id)).get('/api/admin/stats');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      users: { total: 2, subscriptions: { free: 0, standard: 0, pro: 1, elite: 0 } },
      contests: { active: 0, draft: 0, completed: 0, pending: 1, rejected: 0 },
      education: { total: 0 },
      pendingContests: 1,
      pendingProofs: 0,
    });
    const days = res.json.signupsPerDay as { date: string; count: number }[];
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), count: 2 });
  });

  it('refuses moderators and members (403) and visitors (401)', async () => {
    for (const role of ['moderator', 'user'] as const) {
      const who = await createUser(s.db, { role });
      expect((await (await clientFor(s, who.id)).get('/api/admin/stats')).status).toBe(403);
    }
    expect((await new HttpClient(s.url).get('/api/admin/stats')).status).toBe(401);
  });
});
