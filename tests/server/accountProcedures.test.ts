import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { payoutMethods, users } from '../../src/server/db/schema';
import { callerFor, createTestDb, createUser, reopen } from '../helpers/db';
import { failure } from '../helpers/errors';

const t = await createTestDb();
afterAll(() => t.close());

const profileOf = (u: { username: string; email: string }) => ({
  username: u.username,
  email: u.email,
  fullName: null,
  phoneNumber: null,
});

describe('account.updateProfile', () => {
  it('changes the profile fields and returns the user without secrets', async () => {
    const member = await createUser(t.db);
    const { caller } = callerFor(t, member);
    const user = await caller.account.updateProfile({
      username: `${member.username}x`,
      email: `x${member.email}`,
      fullName: 'Ada Lovelace',
      phoneNumber: '+44 20 7946 0000',
    });
    expect(user).toMatchObject({
      fullName: 'Ada Lovelace',
      phone: '+44 20 7946 0000',
      username: `${member.username}x`,
    });
    expect(user).not.toHaveProperty('password');
  });

  it('keeps usernames and e-mails unique, whatever their case', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const { caller } = callerFor(t, b);
    expect(
      await failure(
        caller.account.updateProfile({ ...profileOf(b), username: a.username.toUpperCase() }),
      ),
    ).toEqual({
      code: 'CONFLICT',
      message: 'Username already exists',
    });
    expect(
      await failure(
        caller.account.updateProfile({ ...profileOf(b), email: a.email.toUpperCase() }),
      ),
    ).toEqual({
      code: 'CONFLICT',
      message: 'Email already in use',
    });
    // Keeping one's own name is not a conflict.
    await expect(caller.account.updateProfile(profileOf(b))).resolves.toMatchObject({ id: b.id });
  });

  it('validates with the messages of SPEC 5', async () => {
    const member = await createUser(t.db);
    const { caller } = callerFor(t, member);
    expect(
      (await failure(caller.account.updateProfile({ ...profileOf(member), username: 'ab' })))
        .message,
    ).toBe('Username must be at least 3 characters');
    expect(
      (await failure(caller.account.updateProfile({ ...profileOf(member), email: 'nope' })))
        .message,
    ).toBe('Please enter a valid email address');
  });

  it('accepts only pictures from the upload service; absent keeps it, null removes it', async () => {
    const member = await createUser(t.db);
    const { caller } = callerFor(t, member);
    for (const bad of [
      'javascript:alert(1)',
      'https://evil.example/x.png',
      '/uploads/../../etc/passwd',
    ]) {
      expect(
        (await failure(caller.account.updateProfile({ ...profileOf(member), profileImage: bad })))
          .code,
      ).toBe('BAD_REQUEST');
    }
    const url = '/uploads/0123456789abcdef0123456789abcdef.png';
    expect(
      (await caller.account.updateProfile({ ...profileOf(member), profileImage: url }))
        .profileImage,
    ).toBe(url);
    expect((await caller.account.updateProfile(profileOf(member))).profileImage).toBe(url);
    expect(
      (await caller.account.updateProfile({ ...profileOf(member), profileImage: null }))
        .profileImage,
    ).toBeNull();
  });
});

describe('account.changePassword', () => {
  it('refuses a wrong current password and changes nothing', async () => {
    const member = await createUser(t.db);
    const before = t.db
      .select({ p: users.password })
      .from(users)
      .where(eq(users.id, member.id))
      .get();
    expect(
      await failure(
        callerFor(t, member).caller.account.changePassword({
          currentPassword: 'wrongpass',
          newPassword: 'newpass1',
        }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: 'Current password is incorrect' });
    expect(
      t.db.select({ p: users.password }).from(users).where(eq(users.id, member.id)).get(),
    ).toEqual(before);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const member = await createUser(t.db);
    const mine = callerFor(t, member);
    const other = callerFor(t, member);
    await mine.caller.account.changePassword({
      currentPassword: member.password,
      newPassword: 'brand-new-pass',
    });
    expect(await reopen(t, mine.session).auth.me()).toMatchObject({ id: member.id });
    expect(await reopen(t, other.session).auth.me()).toBeNull();
    const login = callerFor(t, undefined, '10.1.0.1').caller;
    await expect(
      login.auth.login({ username: member.username, password: 'brand-new-pass' }),
    ).resolves.toBeTruthy();
    expect(
      (await failure(login.auth.login({ username: member.username, password: member.password })))
        .code,
    ).toBe('UNAUTHORIZED');
  });

  it('validates the new password length', async () => {
    const member = await createUser(t.db);
    expect(
      (
        await failure(
          callerFor(t, member).caller.account.changePassword({
            currentPassword: member.password,
            newPassword: '123',
          }),
        )
      ).message,
    ).toBe('Password must be at least 6 characters');
  });
});

describe('account.endOtherSessions', () => {
  it('ends the other sessions and keeps this one', async () => {
    const member = await createUser(t.db);
    const mine = callerFor(t, member);
    const other = callerFor(t, member);
    await mine.caller.account.endOtherSessions();
    expect(await reopen(t, mine.session).auth.me()).not.toBeNull();
    expect(await reopen(t, other.session).auth.me()).toBeNull();
  });
});

describe('account.getPayment / account.updatePayment', () => {
  it('round-trips the member’s own payout method, BTC by default for crypto', async () => {
    const member = await createUser(t.db);
    const { caller } = callerFor(t, member);
    expect(await caller.account.getPayment()).toBeNull();
    const saved = await caller.account.updatePayment({
      userId: member.id,
      paymentMethod: 'crypto',
      cryptoAddress: 'bc1qexampleaddress',
    });
    expect(saved).toMatchObject({
      paymentMethod: 'crypto',
      cryptoCurrency: 'BTC',
      cryptoAddress: 'bc1qexampleaddress',
    });
    await caller.account.updatePayment({
      userId: member.id,
      paymentMethod: 'paypal',
      paypalEmail: 'Pay@Example.com',
    });
    expect(await caller.account.getPayment()).toMatchObject({
      paymentMethod: 'paypal',
      paypalEmail: 'pay@example.com',
    });
  });

  it('validates the PayPal e-mail and the method', async () => {
    const member = await createUser(t.db);
    const { caller } = callerFor(t, member);
    expect(
      (
        await failure(
          caller.account.updatePayment({
            userId: member.id,
            paymentMethod: 'paypal',
            paypalEmail: 'nope',
          }),
        )
      ).message,
    ).toBe('Please enter a valid email address');
    expect(
      (
        await failure(
          caller.account.updatePayment({ userId: member.id, paymentMethod: 'cash' as 'bank' }),
        )
      ).code,
    ).toBe('BAD_REQUEST');
  });

  it('refuses another member’s payout method and changes nothing; admins may read it only', async () => {
    const owner = await createUser(t.db);
    const intruder = await createUser(t.db);
    const admin = await createUser(t.db, { role: 'admin' });
    await callerFor(t, owner).caller.account.updatePayment({
      userId: owner.id,
      paymentMethod: 'bank',
      accountNumber: '111',
    });
    const rows = () => t.db.select().from(payoutMethods).all();
    const before = rows();
    expect(
      (
        await failure(
          callerFor(t, intruder).caller.account.updatePayment({
            userId: owner.id,
            paymentMethod: 'bank',
            accountNumber: '999',
          }),
        )
      ).code,
    ).toBe('FORBIDDEN');
    expect(
      (await failure(callerFor(t, intruder).caller.account.getPayment({ userId: owner.id }))).code,
    ).toBe('FORBIDDEN');
    expect(
      (
        await failure(
          callerFor(t, admin).caller.account.updatePayment({
            userId: owner.id,
            paymentMethod: 'bank',
            accountNumber: '999',
          }),
        )
      ).code,
    ).toBe('FORBIDDEN');
    expect(rows()).toEqual(before);
    expect(await callerFor(t, admin).caller.account.getPayment({ userId: owner.id })).toMatchObject(
      { accountNumber: '111' },
    );
  });
});
