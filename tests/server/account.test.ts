// The account procedures (SPEC 2.11, 5): profile, password and payout method of the caller.
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { payoutMethods, uploads, users } from '../../src/server/platform/db/schema';
import { snapshot } from '../helpers/accounts';
import { callerFor, createTestDb, createUser, reopen, type CreatedUser } from '../helpers/db';
import { failure } from '../helpers/errors';
import { validationIssues } from '../../src/server/platform/errorMapping';

const t = await createTestDb();
afterAll(() => t.close());

const profileOf = (u: { username: string; email: string }) => ({
  username: u.username,
  email: u.email,
  fullName: null,
  phoneNumber: null,
});

const row = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

/** An upload row owned by `ownerId` (the file itself is not needed to reference it). */
async function uploadOf(
  ownerId: number,
  purpose: 'avatar' | 'proof',
  fileName: string,
): Promise<string> {
  await t.db.insert(uploads).values({ fileName, ownerId, purpose, mime: 'image/png', size: 1 });
  return `/uploads/${fileName}`;
}

describe('account.updateProfile', () => {
  it('changes every field and returns the user without secrets', async () => {
    const member = await createUser(t.db);
    const { caller } = callerFor(t, member);
    const user = await caller.account.updateProfile({
      username: `${member.username}_new`,
      email: `New.${member.email}`.toUpperCase(),
      fullName: 'Ada Lovelace',
      phoneNumber: '+44 20 7946 0000',
      profileImage: await uploadOf(member.id, 'avatar', '0123456789abcdef0123456789abcdef.png'),
    });
    expect(user).toMatchObject({
      id: member.id,
      username: `${member.username}_new`,
      email: `new.${member.email}`.toLowerCase(),
      fullName: 'Ada Lovelace',
      phone: '+44 20 7946 0000',
      profileImage: '/uploads/0123456789abcdef0123456789abcdef.png',
    });
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('sessionVersion');
    expect(await row(member.id)).toMatchObject({
      fullName: 'Ada Lovelace',
      username: user.username,
    });
    // A profile change is not a reason to end the member's session.
    expect(await caller.auth.me()).toMatchObject({ id: member.id });
  });

  it('keeps usernames and e-mails unique whatever their case', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const { caller } = callerFor(t, b);
    const before = await snapshot(t.db);
    expect(
      await failure(
        caller.account.updateProfile({ ...profileOf(b), username: a.username.toUpperCase() }),
      ),
    ).toEqual({ code: 'CONFLICT', message: 'Username already exists' });
    expect(
      await failure(
        caller.account.updateProfile({ ...profileOf(b), email: a.email.toUpperCase() }),
      ),
    ).toEqual({ code: 'CONFLICT', message: 'Email already in use' });
    expect(await snapshot(t.db)).toEqual(before);
    // One's own name in another case is not a conflict.
    await expect(
      caller.account.updateProfile({ ...profileOf(b), username: b.username.toUpperCase() }),
    ).resolves.toMatchObject({ id: b.id, username: b.username.toUpperCase() });
  });

  it('validates with the messages of SPEC 5 and changes nothing', async () => {
    const member = await createUser(t.db);
    const { caller } = callerFor(t, member);
    const before = await snapshot(t.db);
    expect(
      await failure(caller.account.updateProfile({ ...profileOf(member), username: 'ab' })),
    ).toEqual({ code: 'BAD_REQUEST', message: 'Username must be at least 3 characters' });
    expect(
      await failure(caller.account.updateProfile({ ...profileOf(member), email: 'not-an-email' })),
    ).toEqual({ code: 'BAD_REQUEST', message: 'Please enter a valid email address' });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('takes profile pictures only from the upload service', async () => {
    const member = await createUser(t.db);
    const { caller } = callerFor(t, member);
    const before = await snapshot(t.db);
    for (const bad of [
      'javascript:alert(1)',
      'https://evil.example/x.png',
      '//evil.example/uploads/x.png',
      'data:image/png;base64,AAAA',
      '/uploads/../../etc/passwd',
      '/uploads/x.png?<script>',
    ]) {
      const result = await failure(
        caller.account.updateProfile({ ...profileOf(member), profileImage: bad }),
      );
      expect(result.code, bad).toBe('BAD_REQUEST');
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('omitting profileImage keeps the picture; null (or empty) removes it', async () => {
    const member = await createUser(t.db);
    const { caller } = callerFor(t, member);
    const picture = await uploadOf(member.id, 'avatar', 'abcdefabcdefabcdefabcdefabcdefab.jpg');
    await caller.account.updateProfile({ ...profileOf(member), profileImage: picture });
    const kept = await caller.account.updateProfile({ ...profileOf(member), fullName: 'Kept' });
    expect(kept.profileImage).toBe(picture);
    expect((await row(member.id)).profileImage).toBe(picture);
    const removed = await caller.account.updateProfile({
      ...profileOf(member),
      profileImage: null,
    });
    expect(removed.profileImage).toBeNull();
    await caller.account.updateProfile({ ...profileOf(member), profileImage: picture });
    const emptied = await caller.account.updateProfile({ ...profileOf(member), profileImage: '' });
    expect(emptied.profileImage).toBeNull();
  });

  it('leaves a field that is absent as it is (PATCH)', async () => {
    const member = await createUser(t.db);
    const { caller } = callerFor(t, member);
    await caller.account.updateProfile({ fullName: 'Grace Hopper', phoneNumber: '+1 555 0101' });
    const after = await caller.account.updateProfile({ fullName: 'Grace B. Hopper' });
    expect(after).toMatchObject({ fullName: 'Grace B. Hopper', phone: '+1 555 0101' });
    expect(await row(member.id)).toMatchObject({ username: member.username, email: member.email });
  });

  it('refuses a picture that is not the caller’s own avatar upload, changing nothing', async () => {
    const member = await createUser(t.db);
    const other = await createUser(t.db);
    const { caller } = callerFor(t, member);
    const theirs = await uploadOf(other.id, 'avatar', 'fedcbafedcbafedcbafedcbafedcba98.png');
    const myProof = await uploadOf(member.id, 'proof', 'fedcbafedcbafedcbafedcbafedcba97.png');
    const before = await snapshot(t.db);
    for (const profileImage of [theirs, myProof, '/uploads/00000000000000000000000000000000.png']) {
      expect(await failure(caller.account.updateProfile({ profileImage }))).toEqual({
        code: 'BAD_REQUEST',
        message: 'Please upload the file first',
      });
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('answers 401 to an anonymous caller and changes nothing', async () => {
    const member = await createUser(t.db);
    const before = await snapshot(t.db);
    expect((await failure(callerFor(t).caller.account.updateProfile(profileOf(member)))).code).toBe(
      'UNAUTHORIZED',
    );
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe('account.changePassword', () => {
  it('refuses a wrong current password with BAD_REQUEST and changes nothing', async () => {
    const member = await createUser(t.db);
    const { caller } = callerFor(t, member);
    const before = await snapshot(t.db);
    expect(
      await failure(
        caller.account.changePassword({ currentPassword: 'wrong-one', newPassword: 'newpass123' }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: 'Current password is incorrect' });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('validates both passwords (min 6)', async () => {
    const member = await createUser(t.db);
    const { caller } = callerFor(t, member);
    expect(
      await failure(
        caller.account.changePassword({ currentPassword: member.password, newPassword: '12345' }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: 'Password must be at least 6 characters' });
    // An empty or missing current password is missing, not short.
    for (const currentPassword of ['', undefined]) {
      expect(
        await failure(
          caller.account.changePassword({
            currentPassword: currentPassword as unknown as string,
            newPassword: 'kestrel-orbit-95',
          }),
        ),
      ).toEqual({ code: 'BAD_REQUEST', message: 'Current password is required' });
    }
    expect(
      await failure(
        caller.account.changePassword({
          currentPassword: '12345',
          newPassword: 'kestrel-orbit-95',
        }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: 'Password must be at least 6 characters' });
  });

  it('changes the password, ends the other sessions and keeps the caller signed in', async () => {
    const member = await createUser(t.db);
    const first = callerFor(t, member);
    const second = callerFor(t, member);
    await second.signedIn;
    expect(await reopen(t, second.session).auth.me()).toMatchObject({ id: member.id });

    await expect(
      first.caller.account.changePassword({
        currentPassword: member.password,
        newPassword: 'brand-new-pass',
      }),
    ).resolves.toEqual({ success: true });

    // The caller's session still works.
    expect(await reopen(t, first.session).auth.me()).toMatchObject({ id: member.id });
    // The other session of the same member is over.
    expect(await reopen(t, second.session).auth.me()).toBeNull();
    expect((await failure(reopen(t, second.session).account.getPayment())).code).toBe(
      'UNAUTHORIZED',
    );

    // The new password signs in; the old one no longer does.
    const fresh = callerFor(t);
    await expect(
      fresh.caller.auth.login({ username: member.username, password: 'brand-new-pass' }),
    ).resolves.toMatchObject({ id: member.id });
    expect(
      (
        await failure(
          callerFor(t).caller.auth.login({ username: member.username, password: member.password }),
        )
      ).code,
    ).toBe('UNAUTHORIZED');
  });

  it('answers 401 to an anonymous caller', async () => {
    expect(
      (
        await failure(
          callerFor(t).caller.account.changePassword({
            currentPassword: 'password123',
            newPassword: 'password456',
          }),
        )
      ).code,
    ).toBe('UNAUTHORIZED');
  });
});

const bank = {
  paymentMethod: 'bank' as const,
  accountName: 'Ada Lovelace',
  accountNumber: '12345678',
  bankName: 'First Bank',
  bankCode: 'FB-01',
};

describe('account.getPayment', () => {
  it('answers null until the member saves a method, then their own settings', async () => {
    const member = await createUser(t.db);
    const { caller } = callerFor(t, member);
    expect(await caller.account.getPayment()).toBeNull();
    await caller.account.updatePayment({ ...bank, userId: member.id });
    expect(await caller.account.getPayment()).toMatchObject(bank);
    expect(await caller.account.getPayment({ userId: member.id })).toMatchObject(bank);
  });

  it('hides another member’s payout method from a member or moderator (404)', async () => {
    const owner = await createUser(t.db);
    await callerFor(t, owner).caller.account.updatePayment({ ...bank, userId: owner.id });
    for (const role of ['user', 'moderator'] as const) {
      const other = await createUser(t.db, { role });
      expect(
        await failure(callerFor(t, other).caller.account.getPayment({ userId: owner.id })),
      ).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('shows another member’s payout method to an admin', async () => {
    const owner = await createUser(t.db);
    await callerFor(t, owner).caller.account.updatePayment({ ...bank, userId: owner.id });
    const admin = await createUser(t.db, { role: 'admin' });
    expect(await callerFor(t, admin).caller.account.getPayment({ userId: owner.id })).toMatchObject(
      bank,
    );
  });

  it('answers 401 to an anonymous caller', async () => {
    expect((await failure(callerFor(t).caller.account.getPayment())).code).toBe('UNAUTHORIZED');
  });
});

describe('account.updatePayment', () => {
  it('saves and replaces the member’s own method; the currency defaults to BTC', async () => {
    const member = await createUser(t.db);
    const { caller } = callerFor(t, member);
    const crypto = await caller.account.updatePayment({
      paymentMethod: 'crypto',
      cryptoAddress: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
      userId: member.id,
    });
    expect(crypto).toMatchObject({
      paymentMethod: 'crypto',
      cryptoCurrency: 'BTC',
      cryptoAddress: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
      accountName: null,
      paypalEmail: null,
    });
    const paypal = await caller.account.updatePayment({
      paymentMethod: 'paypal',
      paypalEmail: 'Ada@Example.com',
      userId: member.id,
    });
    expect(paypal).toMatchObject({ paymentMethod: 'paypal', paypalEmail: 'ada@example.com' });
    expect(await caller.account.getPayment()).toMatchObject({ paymentMethod: 'paypal' });
    // One row per member.
    expect(
      await t.db.select().from(payoutMethods).where(eq(payoutMethods.userId, member.id)),
    ).toHaveLength(1);
  });

  it('validates the method, the currency and the PayPal e-mail', async () => {
    const member = await createUser(t.db);
    const { caller } = callerFor(t, member);
    const before = await snapshot(t.db);
    expect(
      await failure(
        caller.account.updatePayment({
          paymentMethod: 'paypal',
          paypalEmail: 'not-an-email',
          userId: member.id,
        }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: 'Please enter a valid email address' });
    expect(
      await failure(
        caller.account.updatePayment({
          paymentMethod: 'cheque' as 'bank',
          userId: member.id,
        }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: 'Please select a payment method' });
    expect(
      await failure(
        caller.account.updatePayment({
          paymentMethod: 'crypto',
          cryptoCurrency: 'DOGE' as 'BTC',
          userId: member.id,
        }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: 'Please select a currency' });
    expect(await snapshot(t.db)).toEqual(before);
  });

  // PRODUCT.md 'Money': each method needs its own details, messages beside the fields.
  const BTC_BECH32 = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
  const ERC20 = '0x52908400098527886E0F7030069857D2E4169EE7';
  const refusals: [string, Record<string, unknown>, string, string][] = [
    [
      'bank without an account name',
      { ...bank, accountName: '' },
      'accountName',
      'Account name is required',
    ],
    [
      'bank without an account number',
      { ...bank, accountNumber: undefined },
      'accountNumber',
      'Account number is required',
    ],
    ['bank without a bank name', { ...bank, bankName: '   ' }, 'bankName', 'Bank name is required'],
    [
      'crypto without an address',
      { paymentMethod: 'crypto', cryptoCurrency: 'ETH' },
      'cryptoAddress',
      'Wallet address is required',
    ],
    [
      'a BTC address that is not one',
      { paymentMethod: 'crypto', cryptoCurrency: 'BTC', cryptoAddress: 'bc1-not-an-address' },
      'cryptoAddress',
      'Enter a valid BTC address',
    ],
    [
      'an ERC-20 address for BTC',
      { paymentMethod: 'crypto', cryptoCurrency: 'BTC', cryptoAddress: ERC20 },
      'cryptoAddress',
      'Enter a valid BTC address',
    ],
    [
      'a BTC address for USDT',
      { paymentMethod: 'crypto', cryptoCurrency: 'USDT', cryptoAddress: BTC_BECH32 },
      'cryptoAddress',
      'Enter a valid ERC-20 address',
    ],
    [
      'an ERC-20 address one digit short',
      { paymentMethod: 'crypto', cryptoCurrency: 'ETH', cryptoAddress: ERC20.slice(0, -1) },
      'cryptoAddress',
      'Enter a valid ERC-20 address',
    ],
    [
      'paypal without an e-mail',
      { paymentMethod: 'paypal' },
      'paypalEmail',
      'PayPal email is required',
    ],
  ];
  it.each(refusals)(
    'refuses %s (400, the message on its field) and changes nothing',
    async (_, input, field, message) => {
      const member = await createUser(t.db);
      const { caller } = callerFor(t, member);
      const before = await snapshot(t.db);
      const call = caller.account.updatePayment({ ...input, userId: member.id } as never);
      expect(await failure(call)).toEqual({ code: 'BAD_REQUEST', message });
      const issues = await caller.account
        .updatePayment({ ...input, userId: member.id } as never)
        .catch((error: unknown) => validationIssues(error));
      expect(issues).toContainEqual(expect.objectContaining({ path: [field], message }));
      expect(await snapshot(t.db)).toEqual(before);
    },
  );

  it('accepts each currency’s own address forms and keeps only the chosen method’s details', async () => {
    const member = await createUser(t.db);
    const { caller } = callerFor(t, member);
    for (const [cryptoCurrency, cryptoAddress] of [
      ['BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
      ['BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
      ['BTC', BTC_BECH32],
      ['ETH', ERC20],
      ['USDT', ERC20.toLowerCase()],
      ['USDC', ERC20],
    ] as const) {
      // Leftovers of the other methods, as the form sends them, are not stored.
      const saved = await caller.account.updatePayment({
        ...bank,
        paypalEmail: 'old@example.com',
        paymentMethod: 'crypto',
        cryptoCurrency,
        cryptoAddress,
        userId: member.id,
      });
      expect(saved).toMatchObject({
        paymentMethod: 'crypto',
        cryptoCurrency,
        cryptoAddress,
        accountName: null,
        accountNumber: null,
        bankName: null,
        bankCode: null,
        paypalEmail: null,
      });
    }
    const banked = await caller.account.updatePayment({
      ...bank,
      bankCode: undefined,
      userId: member.id,
    });
    expect(banked).toMatchObject({
      ...bank,
      bankCode: null,
      cryptoAddress: null,
      cryptoCurrency: null,
    });
  });

  it('answers 404 for another member’s id, also to an admin, and changes nothing', async () => {
    const owner = await createUser(t.db);
    await callerFor(t, owner).caller.account.updatePayment({ ...bank, userId: owner.id });
    const others: CreatedUser[] = [
      await createUser(t.db),
      await createUser(t.db, { role: 'moderator' }),
      await createUser(t.db, { role: 'admin' }),
    ];
    const before = await snapshot(t.db);
    for (const other of others) {
      expect(
        await failure(
          callerFor(t, other).caller.account.updatePayment({
            paymentMethod: 'paypal',
            paypalEmail: 'thief@example.com',
            userId: owner.id,
          }),
        ),
      ).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await snapshot(t.db)).toEqual(before);
    expect(await callerFor(t, owner).caller.account.getPayment()).toMatchObject(bank);
  });

  it('answers 401 to an anonymous caller and changes nothing', async () => {
    const owner = await createUser(t.db);
    const before = await snapshot(t.db);
    expect(
      (await failure(callerFor(t).caller.account.updatePayment({ ...bank, userId: owner.id })))
        .code,
    ).toBe('UNAUTHORIZED');
    expect(await snapshot(t.db)).toEqual(before);
  });
});
