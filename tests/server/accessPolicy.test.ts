// Every procedure, called as each of the five principals, must answer as src/server/access.ts
// says: 401 for no (valid) session, 403 for a role that is not enough, anything else = allowed.
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessPolicy, type Access } from '../../src/server/access';
import { appRouter } from '../../src/server/routers/_app';
import { callerFor, createTestDb, createUser, type CreatedUser } from '../helpers/db';
import { users } from '../../src/server/db/schema';

type Principal = 'anonymous' | 'user' | 'moderator' | 'admin' | 'banned';
type Outcome = 401 | 403 | 'allowed';

const EXPECTED: Record<Access, Record<Principal, Outcome>> = {
  anonymous: {
    anonymous: 'allowed',
    user: 'allowed',
    moderator: 'allowed',
    admin: 'allowed',
    banned: 'allowed',
  },
  member: { anonymous: 401, user: 'allowed', moderator: 'allowed', admin: 'allowed', banned: 401 },
  moderator: { anonymous: 401, user: 403, moderator: 'allowed', admin: 'allowed', banned: 401 },
  admin: { anonymous: 401, user: 403, moderator: 403, admin: 'allowed', banned: 401 },
};

const procedures = Object.keys(appRouter._def.procedures).sort();
const principals: Principal[] = ['anonymous', 'user', 'moderator', 'admin', 'banned'];

const t = await createTestDb();
const accounts = {} as Record<Exclude<Principal, 'anonymous'>, CreatedUser>;

beforeAll(async () => {
  accounts.user = await createUser(t.db, { role: 'user' });
  accounts.moderator = await createUser(t.db, { role: 'moderator' });
  accounts.admin = await createUser(t.db, { role: 'admin' });
  // A member who held a session and was banned afterwards: the session must be worthless.
  accounts.banned = await createUser(t.db, { role: 'user' });
});
afterAll(() => t.close());

function callerOf(principal: Principal) {
  if (principal === 'anonymous') return callerFor(t).caller;
  const { caller } = callerFor(t, accounts[principal]);
  return caller;
}

async function outcome(principal: Principal, path: string): Promise<Outcome> {
  if (principal === 'banned') {
    const { eq } = await import('drizzle-orm');
    t.db.update(users).set({ role: 'banned' }).where(eq(users.id, accounts.banned.id)).run();
  }
  let target: unknown = callerOf(principal);
  for (const part of path.split('.')) target = (target as Record<string, unknown>)[part];
  try {
    // No input: a procedure that needs one fails validation, after the access check.
    await (target as (input?: unknown) => Promise<unknown>)(undefined);
    return 'allowed';
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'UNAUTHORIZED') return 401;
    if (error instanceof TRPCError && error.code === 'FORBIDDEN') return 403;
    return 'allowed';
  }
}

describe('access policy table', () => {
  it('has a row for every procedure and no row without a procedure', () => {
    expect(procedures.filter((p) => !(p in accessPolicy))).toEqual([]);
    expect(Object.keys(accessPolicy).filter((p) => !procedures.includes(p))).toEqual([]);
  });
});

describe.each(procedures)('%s', (path) => {
  it.each(principals)('as %s', async (principal) => {
    const access = accessPolicy[path];
    expect(access, `no access row for ${path}`).toBeDefined();
    const before = t.db.select().from(users).all();
    const result = await outcome(principal, path);
    expect(result).toBe(EXPECTED[access!][principal]);
    // A refused call changes nothing.
    if (result !== 'allowed' && principal !== 'banned') {
      expect(t.db.select().from(users).all()).toEqual(before);
    }
  });
});
