import { afterAll, describe, expect, it } from 'vitest';
import { callerFor, createTestDb } from '../helpers/db';

const t = createTestDb();
afterAll(() => t.close());

describe('auth.register', () => {
  it('creates a member and signs them in', async () => {
    const { caller, session } = callerFor(t);
    const user = await caller.auth.register({
      username: 'smoke',
      email: 'smoke@example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    expect(user).toMatchObject({ username: 'smoke', role: 'user', subscriptionTier: 'free' });
    expect(session.userId).toBe(user.id);
    expect(user).not.toHaveProperty('password');
  });
});
