// The session cookie's unseal cache: least-recently-used, only successful unseals, and never a
// way to keep a revoked session alive (the row is looked up on every request).
import type { Request, Response } from 'express';
import { sealData } from 'iron-session';
import { afterAll, describe, expect, it } from 'vitest';
import { createContextInner } from '../../src/server/trpc/context';
import { createSession, deleteSession } from '../../src/server/domain/accounts/sessions';
import { cachedSealCount, getSessionCookie, SESSION_COOKIE } from '../../src/server/trpc/session';
import { createTestDb, createUser } from '../helpers/db';

const t = await createTestDb();
afterAll(() => t.close());
const secret = 'y'.repeat(40);

function request(seal: string) {
  const req = {
    headers: { cookie: `${SESSION_COOKIE}=${encodeURIComponent(seal)}` },
    secure: false,
  } as unknown as Request;
  const res = { append: () => undefined } as unknown as Response;
  return getSessionCookie(req, res, secret);
}

describe('the unseal cache', () => {
  it('never caches a cookie that does not unseal', async () => {
    const before = cachedSealCount(secret);
    for (let i = 0; i < 200; i++) {
      const cookie = await request(`Fe26.2**garbage${i}*${'x'.repeat(40)}`);
      expect(cookie.id).toBeUndefined();
    }
    expect(cachedSealCount(secret)).toBe(before);
  });

  it('caches a real seal, and a deleted session still ends at once', async () => {
    const member = await createUser(t.db);
    const sid = await createSession({ db: t.db, userId: member.id });
    const seal = await sealData({ sid }, { password: secret, ttl: 3600 });
    const first = await request(seal);
    expect(first.id).toBe(sid);
    expect(cachedSealCount(secret)).toBeGreaterThan(0);
    expect((await createContextInner({ deps: t.deps, cookie: first })).user?.id).toBe(member.id);
    await deleteSession({ db: t.db, sessionId: sid });
    // The same seal, now served from the cache, names a session that no longer exists.
    const again = await request(seal);
    expect(again.id).toBe(sid);
    expect((await createContextInner({ deps: t.deps, cookie: again })).user).toBeNull();
  });
});
