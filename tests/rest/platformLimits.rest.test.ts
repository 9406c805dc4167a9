// The abuse limits operators meet are platform settings (issue 27): sign-ups per address (a
// venue shares one), failed sign-ins per address, uploads per member, contests per member per
// day and open drafts per member. Read and saved over GET/PATCH /api/admin/settings with their
// bounds, each applies at once when saved, and moderators and admins are not limited in what
// they create.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM_SETTINGS } from '../../src/shared/schemas/settings';
import { clientFor } from '../helpers/accounts';
import { createInput } from '../helpers/contests';
import { createUser } from '../helpers/db';
import { HttpClient, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let admin: HttpClient;
beforeAll(async () => {
  // No fixed values: every cap is the platform setting, as in production.
  s = await startTestServer({
    trustProxy: true,
    limits: {
      signupsPerIpPerHour: undefined,
      contestsPerMemberPerDay: undefined,
      draftsPerMember: undefined,
    },
  });
  admin = await clientFor(s, (await createUser(s.db, { role: 'admin' })).id);
});
afterAll(() => s?.stop());

const settings = (patch: Record<string, unknown>) => admin.patch('/api/admin/settings', patch);

describe('the limits on Platform Settings', () => {
  it('are read with their defaults and saved within their bounds', async () => {
    const read = await admin.get('/api/admin/settings');
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({
      signupsPerAddressPerHour: 10,
      signInFailuresPerAddress: 30,
      uploadsPerMemberPerMinute: 10,
      contestsPerMemberPerDay: 10,
      draftsPerMember: 20,
    });
    for (const bad of [0, 10_001, 2.5, '12', null]) {
      const res = await settings({ signupsPerAddressPerHour: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.json.message).toBe(
        'Sign-ups per address per hour must be a whole number from 1 to 10,000',
      );
    }
    const saved = await settings({ signupsPerAddressPerHour: 10_000 });
    expect(saved.status).toBe(200);
    expect(saved.json.signupsPerAddressPerHour).toBe(10_000);
    // A member may not change them.
    const member = await clientFor(s, (await createUser(s.db)).id);
    expect((await member.patch('/api/admin/settings', { draftsPerMember: 1000 })).status).toBe(403);
    await settings({
      signupsPerAddressPerHour: DEFAULT_PLATFORM_SETTINGS.signupsPerAddressPerHour,
    });
  });

  it('sign-ups per address: a saved value applies to the next sign-up at once', async () => {
    const venue = new HttpClient(s.url);
    const register = (name: string) =>
      venue.request(
        'POST',
        '/api/register',
        {
          username: name,
          email: `${name}@example.com`,
          password: 'kestrel-orbit-93',
          confirmPassword: 'kestrel-orbit-93',
        },
        { 'x-forwarded-for': '10.77.0.1' },
      );
    expect((await settings({ signupsPerAddressPerHour: 2 })).status).toBe(200);
    expect((await register('venue_a')).status).toBe(201);
    venue.cookie = '';
    expect((await register('venue_b')).status).toBe(201);
    venue.cookie = '';
    const refused = await register('venue_c');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The venue's operator raises it: the same address signs up again.
    expect((await settings({ signupsPerAddressPerHour: 500 })).status).toBe(200);
    expect((await register('venue_c')).status).toBe(201);
  });

  it("contests per member per day: over it, 429 'contest_limit' with Retry-After; a moderator is not limited", async () => {
    expect((await settings({ contestsPerMemberPerDay: 2 })).status).toBe(200);
    const member = await clientFor(s, (await createUser(s.db)).id);
    for (let i = 0; i < 2; i += 1) {
      const res = await member.post('/api/contests', createInput({ title: `Member cup ${i}` }));
      expect(res.status, res.text).toBe(201);
    }
    const refused = await member.post('/api/contests', createInput({ title: 'Member cup 3' }));
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ reason: 'contest_limit' });
    expect(refused.json.message).toBe('You can submit at most 2 contests a day: try again later');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3600);
    // A refused form costs nothing: after the limit is raised the member has one more.
    const moderator = await clientFor(s, (await createUser(s.db, { role: 'moderator' })).id);
    for (let i = 0; i < 3; i += 1) {
      const res = await moderator.post('/api/contests', createInput({ title: `Staff cup ${i}` }));
      expect(res.status, res.text).toBe(201);
    }
    expect((await settings({ contestsPerMemberPerDay: 3 })).status).toBe(200);
    expect(
      (await member.post('/api/contests', createInput({ title: 'Member cup 4' }))).status,
    ).toBe(201);
  });

  it("open drafts per member: over it, 429 'draft_limit'; an existing draft still saves", async () => {
    expect((await settings({ draftsPerMember: 2 })).status).toBe(200);
    const member = await clientFor(s, (await createUser(s.db)).id);
    const ids: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await member.post('/api/contests', { title: `Draft ${i}`, draft: true });
      expect(res.status, res.text).toBe(201);
      ids.push(res.json.id as number);
    }
    const refused = await member.post('/api/contests', { title: 'Draft 3', draft: true });
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ reason: 'draft_limit' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const again = await member.post('/api/contests', {
      id: ids[0],
      title: 'Draft 0, renamed',
      draft: true,
    });
    expect(again.status, again.text).toBe(201);
    const admin2 = await clientFor(s, (await createUser(s.db, { role: 'admin' })).id);
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await admin2.post('/api/contests', { title: `Admin draft ${i}`, draft: true })).status,
      ).toBe(201);
    }
  });
});
