// Platform settings (SPEC 2.16, 9) and their effects (PRODUCT.md 'Platform settings take
// effect'), the payments configuration and the audit log.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_EXPLORER_URLS,
  DEFAULT_PLATFORM_SETTINGS,
  EXPLORER_URL_MESSAGES,
} from '../../src/shared/schemas/settings';
import type { TPaymentConfig } from '../../src/shared/schemas/settings';
import { getPlatformSettings } from '../../src/server/domain/settings';
import { settings } from '../../src/server/platform/db/schema';
import { snapshot } from '../helpers/accounts';
import { callerFor, createTestDb, createUser, reopen, type CreatedUser } from '../helpers/db';
import { failure } from '../helpers/errors';

const t = await createTestDb();
let admin: CreatedUser;
let member: CreatedUser;
let moderator: CreatedUser;
beforeAll(async () => {
  admin = await createUser(t.db, { role: 'admin' });
  member = await createUser(t.db);
  moderator = await createUser(t.db, { role: 'moderator' });
});
afterAll(() => t.close());
const asAdmin = () => callerFor(t, admin).caller;

let registered = 0;
function registration() {
  registered += 1;
  const username = `newcomer${registered}`;
  return {
    username,
    email: `${username}@example.com`,
    password: 'kestrel-orbit-9323',
    confirmPassword: 'kestrel-orbit-9323',
  };
}

describe('adminSettings.get', () => {
  it('starts from the defaults of SPEC 9', async () => {
    expect(await asAdmin().adminSettings.get()).toEqual({
      siteName: 'Contest Platform',
      contactEmail: 'admin@example.com',
      enableRegistration: true,
      maintenanceMode: false,
      defaultUserTier: 'free',
      contestApprovalRequired: true,
      requireVerifiedEmail: false,
      requireStaffTwoFactor: false,
      // The abuse limits operators meet (issue 27).
      signupsPerAddressPerHour: 10,
      signInFailuresPerAddress: 30,
      uploadsPerMemberPerMinute: 10,
      contestsPerMemberPerDay: 10,
      draftsPerMember: 20,
      // The discussion's limits (issue 32).
      secondsBetweenPosts: 5,
      secondsBetweenTopics: 15,
      firstDayTopics: 3,
      firstDayReplies: 10,
      upvotesPerDay: 50,
      duplicatePostMinutes: 5,
      reportsPerDay: 20,
      reportsToHide: 3,
      // Paying the winners (issue 30).
      payoutClaimDays: 30,
      payoutsOneAdmin: false,
    });
  });

  it('is refused to anonymous (401), members and moderators (403)', async () => {
    expect((await failure(callerFor(t).caller.adminSettings.get())).code).toBe('UNAUTHORIZED');
    for (const u of [member, moderator]) {
      expect((await failure(callerFor(t, u).caller.adminSettings.get())).code).toBe('FORBIDDEN');
    }
  });
});

describe('adminSettings.update', () => {
  beforeEach(async () => {
    await asAdmin().adminSettings.update(DEFAULT_PLATFORM_SETTINGS);
  });

  it('merges a partial change, keeps the rest, and writes an audit row', async () => {
    const saved = await asAdmin().adminSettings.update({
      siteName: 'Arena',
      contestApprovalRequired: false,
    });
    expect(saved).toEqual({
      ...DEFAULT_PLATFORM_SETTINGS,
      siteName: 'Arena',
      contestApprovalRequired: false,
    });
    expect(await asAdmin().adminSettings.get()).toEqual(saved);
    expect(await callerFor(t).caller.settings.public()).toMatchObject({ siteName: 'Arena' });
    const { entries } = await asAdmin().audit.list({ action: 'settings.update' });
    expect(entries[0]).toMatchObject({
      actorId: admin.id,
      actorName: admin.username,
      action: 'settings.update',
      targetType: 'settings',
      before: expect.objectContaining({ siteName: 'Contest Platform' }),
      after: expect.objectContaining({ siteName: 'Arena', contestApprovalRequired: false }),
    });
  });

  it('leaves a field that is sent as undefined as it was', async () => {
    await asAdmin().adminSettings.update({ siteName: 'Kept Name' });
    const saved = await asAdmin().adminSettings.update({
      siteName: undefined,
      contactEmail: undefined,
      maintenanceMode: false,
    });
    expect(saved).toMatchObject({ siteName: 'Kept Name', contactEmail: 'admin@example.com' });
    expect(await asAdmin().adminSettings.get()).toMatchObject({ siteName: 'Kept Name' });
    expect(await callerFor(t).caller.settings.public()).toMatchObject({ siteName: 'Kept Name' });
  });

  it('validates with the messages of SPEC 5 and changes nothing', async () => {
    const before = await snapshot(t.db);
    expect(await failure(asAdmin().adminSettings.update({ siteName: '   ' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Site name is required',
    });
    expect(await failure(asAdmin().adminSettings.update({ contactEmail: 'nope' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Must be a valid email',
    });
    expect(
      (await failure(asAdmin().adminSettings.update({ defaultUserTier: 'premium' as 'elite' })))
        .code,
    ).toBe('BAD_REQUEST');
    expect(
      (
        await failure(
          asAdmin().adminSettings.update({ maintenanceMode: 'yes' as unknown as boolean }),
        )
      ).code,
    ).toBe('BAD_REQUEST');
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('is refused to anonymous (401), members and moderators (403), changing nothing', async () => {
    const before = await snapshot(t.db);
    const change = { maintenanceMode: true, enableRegistration: false };
    expect((await failure(callerFor(t).caller.adminSettings.update(change))).code).toBe(
      'UNAUTHORIZED',
    );
    for (const u of [member, moderator]) {
      expect((await failure(callerFor(t, u).caller.adminSettings.update(change))).code).toBe(
        'FORBIDDEN',
      );
    }
    expect(await snapshot(t.db)).toEqual(before);
    expect(await getPlatformSettings({ db: t.db })).toEqual(DEFAULT_PLATFORM_SETTINGS);
  });

  it('survives a restart: the saved value is read back from the database', async () => {
    await asAdmin().adminSettings.update({ siteName: 'Persisted', defaultUserTier: 'elite' });
    const stored = (await snapshot(t.db)).settings.find((s) => s.key === 'platform');
    expect(JSON.parse(stored!.value)).toMatchObject({
      siteName: 'Persisted',
      defaultUserTier: 'elite',
    });
  });
});

describe('platform settings take effect', () => {
  beforeEach(async () => {
    await asAdmin().adminSettings.update(DEFAULT_PLATFORM_SETTINGS);
  });
  afterAll(async () => {
    await asAdmin().adminSettings.update(DEFAULT_PLATFORM_SETTINGS);
  });

  it('enableRegistration off: registration answers FORBIDDEN and creates no account', async () => {
    await asAdmin().adminSettings.update({ enableRegistration: false });
    expect(await callerFor(t).caller.settings.public()).toMatchObject({
      enableRegistration: false,
    });
    const before = await snapshot(t.db);
    expect(await failure(callerFor(t).caller.auth.register(registration()))).toEqual({
      code: 'FORBIDDEN',
      message: 'Registration is currently disabled',
    });
    expect(await snapshot(t.db)).toEqual(before);
    // Existing members still sign in, and an admin can still create accounts.
    await expect(
      callerFor(t).caller.auth.login({ username: member.username, password: member.password }),
    ).resolves.toMatchObject({ id: member.id });
    await expect(
      asAdmin().adminUsers.create({
        username: 'made_by_admin',
        email: 'made_by_admin@example.com',
        password: 'longenough',
      }),
    ).resolves.toMatchObject({ role: 'user' });
    await asAdmin().adminSettings.update({ enableRegistration: true });
    await expect(callerFor(t).caller.auth.register(registration())).resolves.toMatchObject({
      role: 'user',
    });
  });

  it('defaultUserTier applies to new registrations', async () => {
    await asAdmin().adminSettings.update({ defaultUserTier: 'pro' });
    const user = await callerFor(t).caller.auth.register(registration());
    expect(user.subscriptionTier).toBe('pro');
    await asAdmin().adminSettings.update({ defaultUserTier: 'free' });
    expect((await callerFor(t).caller.auth.register(registration())).subscriptionTier).toBe('free');
  });

  it('maintenanceMode on: members get SERVICE_UNAVAILABLE, admins keep working', async () => {
    const memberSession = callerFor(t, member).session;
    await asAdmin().adminSettings.update({ maintenanceMode: true });
    const asMember = reopen(t, memberSession);
    expect(await failure(asMember.account.getPayment())).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The platform is under maintenance. Please try again later.',
    });
    const before = await snapshot(t.db);
    expect(
      (
        await failure(
          asMember.account.updateProfile({
            username: member.username,
            email: member.email,
            fullName: 'Changed In Maintenance',
          }),
        )
      ).code,
    ).toBe('SERVICE_UNAVAILABLE');
    expect((await failure(callerFor(t, moderator).caller.account.getPayment())).code).toBe(
      'SERVICE_UNAVAILABLE',
    );
    expect((await failure(callerFor(t).caller.auth.register(registration()))).code).toBe(
      'SERVICE_UNAVAILABLE',
    );
    expect(await snapshot(t.db)).toEqual(before);

    // Still answering: who am I, sign-in, the public settings.
    expect(await asMember.auth.me()).toMatchObject({ id: member.id });
    expect(await callerFor(t).caller.settings.public()).toMatchObject({ maintenanceMode: true });
    await expect(
      callerFor(t).caller.auth.login({ username: member.username, password: member.password }),
    ).resolves.toMatchObject({ id: member.id });

    // Admins keep working, including turning maintenance off again.
    await expect(asAdmin().adminUsers.list()).resolves.toMatchObject({ page: 1 });
    await expect(asAdmin().account.getPayment()).resolves.toBeNull();
    await asAdmin().adminSettings.update({ maintenanceMode: false });
    await expect(reopen(t, memberSession).account.getPayment()).resolves.toBeNull();
  });
});

const DEFAULT_RATES = {
  ETH: 0.00042,
  BTC: 0.000038,
  SOL: 0.0125,
  MATIC: 1.15,
  TRX: 10.75,
  BNB: 0.0034,
};

describe('adminSettings.getPayments', () => {
  it('starts from SPEC 9’s conversion rates with no wallet addresses', async () => {
    const config = await asAdmin().adminSettings.getPayments();
    for (const [network, rate] of Object.entries(DEFAULT_RATES)) {
      expect(config.networks[network as keyof typeof DEFAULT_RATES]).toEqual({
        address: '',
        rate,
        explorerUrl: DEFAULT_EXPLORER_URLS[network as keyof typeof DEFAULT_RATES],
      });
    }
    expect(config.tierPrices).toEqual({
      standard: expect.any(Number),
      pro: expect.any(Number),
      elite: expect.any(Number),
    });
  });

  it('is refused to anonymous (401), members and moderators (403)', async () => {
    expect((await failure(callerFor(t).caller.adminSettings.getPayments())).code).toBe(
      'UNAUTHORIZED',
    );
    for (const u of [member, moderator]) {
      expect((await failure(callerFor(t, u).caller.adminSettings.getPayments())).code).toBe(
        'FORBIDDEN',
      );
    }
  });
});

describe('adminSettings.updatePayments', () => {
  const withNetwork = (
    config: TPaymentConfig,
    network: keyof TPaymentConfig['networks'],
    value: Partial<TPaymentConfig['networks']['ETH']>,
  ): TPaymentConfig => ({
    ...config,
    networks: { ...config.networks, [network]: { ...config.networks[network], ...value } },
  });

  it('saves rates, addresses and prices, audited', async () => {
    const current = await asAdmin().adminSettings.getPayments();
    const next = {
      ...withNetwork(current, 'ETH', {
        rate: 0.0005,
        address: '0x52908400098527886E0F7030069857D2E4169EE7',
      }),
      tierPrices: { standard: 12, pro: 30, elite: 60 },
    };
    expect(await asAdmin().adminSettings.updatePayments(next)).toEqual(next);
    expect(await asAdmin().adminSettings.getPayments()).toEqual(next);
    const { entries } = await asAdmin().audit.list({ action: 'settings.payments' });
    expect(entries[0]).toMatchObject({
      actorName: admin.username,
      before: expect.objectContaining({ tierPrices: current.tierPrices }),
      after: expect.objectContaining({ tierPrices: { standard: 12, pro: 30, elite: 60 } }),
    });
  });

  it('takes an https explorer link with {hash}, or none; refuses others with words, changing nothing', async () => {
    const current = await asAdmin().adminSettings.getPayments();
    const before = await snapshot(t.db);
    for (const [explorerUrl, message] of [
      ['http://etherscan.io/tx/{hash}', EXPLORER_URL_MESSAGES.https],
      ['javascript:alert(1)//{hash}', EXPLORER_URL_MESSAGES.https],
      ['etherscan.io/tx/{hash}', EXPLORER_URL_MESSAGES.https],
      ['https://etherscan.io/tx/', EXPLORER_URL_MESSAGES.hash],
      [`https://etherscan.io/${'x'.repeat(300)}{hash}`, EXPLORER_URL_MESSAGES.max],
    ] as const) {
      expect(
        await failure(
          asAdmin().adminSettings.updatePayments(withNetwork(current, 'ETH', { explorerUrl })),
        ),
        explorerUrl,
      ).toEqual({ code: 'BAD_REQUEST', message });
    }
    expect(await snapshot(t.db)).toEqual(before);
    const next = withNetwork(
      withNetwork(current, 'ETH', { explorerUrl: ' https://eth.blockscout.com/tx/{hash} ' }),
      'SOL',
      { explorerUrl: '' },
    );
    const saved = await asAdmin().adminSettings.updatePayments(next);
    expect(saved.networks.ETH.explorerUrl).toBe('https://eth.blockscout.com/tx/{hash}');
    expect(saved.networks.SOL.explorerUrl).toBe('');
    await asAdmin().adminSettings.updatePayments(current);
  });

  it('reads a payment config saved before explorer links existed with the default links', async () => {
    const fresh = await createTestDb();
    try {
      const boss = await createUser(fresh.db, { role: 'admin' });
      // As an earlier version stored it: networks without explorer links.
      const networks = Object.fromEntries(
        ['ETH', 'BTC', 'SOL', 'MATIC', 'TRX', 'BNB'].map((n) => [n, { address: '', rate: 2 }]),
      );
      await fresh.db.insert(settings).values({
        key: 'payments',
        value: JSON.stringify({ tierPrices: { standard: 1, pro: 2, elite: 3 }, networks }),
      });
      const caller = callerFor(fresh, boss).caller;
      const config = await caller.adminSettings.getPayments();
      expect(config.networks.BTC).toEqual({
        address: '',
        rate: 2,
        explorerUrl: DEFAULT_EXPLORER_URLS.BTC,
      });
      // A client that leaves a link out keeps the default (not an empty one).
      const { explorerUrl: _dropped, ...withoutLink } = config.networks.TRX;
      const saved = await caller.adminSettings.updatePayments({
        ...config,
        networks: { ...config.networks, TRX: withoutLink as typeof config.networks.TRX },
      });
      expect(saved.networks.TRX.explorerUrl).toBe(DEFAULT_EXPLORER_URLS.TRX);
    } finally {
      await fresh.close();
    }
  });

  it('refuses a negative or zero rate, a bad address and a negative price; changes nothing', async () => {
    const current = await asAdmin().adminSettings.getPayments();
    const before = await snapshot(t.db);
    expect(
      await failure(
        asAdmin().adminSettings.updatePayments(withNetwork(current, 'BTC', { rate: -1 })),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: 'Rate must be greater than 0' });
    expect(
      (
        await failure(
          asAdmin().adminSettings.updatePayments(withNetwork(current, 'SOL', { rate: 0 })),
        )
      ).code,
    ).toBe('BAD_REQUEST');
    expect(
      await failure(
        asAdmin().adminSettings.updatePayments(
          withNetwork(current, 'ETH', { address: 'not-an-address' }),
        ),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: 'Enter a valid ETH address' });
    expect(
      await failure(
        asAdmin().adminSettings.updatePayments({
          ...current,
          tierPrices: { ...current.tierPrices, pro: -5 },
        }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: 'Price cannot be negative' });
    expect(await snapshot(t.db)).toEqual(before);
    expect(await asAdmin().adminSettings.getPayments()).toEqual(current);
  });

  it('is refused to anonymous (401), members and moderators (403), changing nothing', async () => {
    const current = await asAdmin().adminSettings.getPayments();
    const hijack = withNetwork(current, 'ETH', {
      address: '0x000000000000000000000000000000000000dEaD',
    });
    const before = await snapshot(t.db);
    expect((await failure(callerFor(t).caller.adminSettings.updatePayments(hijack))).code).toBe(
      'UNAUTHORIZED',
    );
    for (const u of [member, moderator]) {
      expect(
        (await failure(callerFor(t, u).caller.adminSettings.updatePayments(hijack))).code,
      ).toBe('FORBIDDEN');
    }
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe('audit.list', () => {
  it('pages newest first and filters by action', async () => {
    const a = await createTestDb();
    try {
      const root = await createUser(a.db, { role: 'admin' });
      const caller = callerFor(a, root).caller;
      const targets = [await createUser(a.db), await createUser(a.db), await createUser(a.db)];
      for (const [i, target] of targets.entries()) {
        await caller.adminUsers.update({
          id: target.id,
          subscriptionTier: (['standard', 'pro', 'elite'] as const)[i],
        });
      }
      await caller.adminSettings.update({ siteName: 'Audited' });
      await caller.adminUsers.update({ id: targets[0]!.id, role: 'banned' });

      const all = await caller.audit.list();
      expect(all).toMatchObject({ total: 5, page: 1, pageSize: 50 });
      expect(all.entries.map((e) => e.action)).toEqual([
        'user.ban',
        'settings.update',
        'user.tier',
        'user.tier',
        'user.tier',
      ]);
      expect(all.entries[0]!.createdAt).toBeInstanceOf(Date);

      const page2 = await caller.audit.list({ page: 2, pageSize: 2 });
      expect(page2).toMatchObject({ total: 5, page: 2, pageSize: 2 });
      expect(page2.entries.map((e) => e.action)).toEqual(['user.tier', 'user.tier']);
      expect(page2.entries[1]).toMatchObject({
        targetId: String(targets[1]!.id),
        after: { subscriptionTier: 'pro' },
      });

      const tiers = await caller.audit.list({ action: 'user.tier' });
      expect(tiers.total).toBe(3);
      expect(tiers.entries.every((e) => e.action === 'user.tier')).toBe(true);
      expect((await caller.audit.list({ action: 'nothing.like.this' })).entries).toEqual([]);
      expect((await failure(caller.audit.list({ page: 1, pageSize: 500 }))).code).toBe(
        'BAD_REQUEST',
      );
    } finally {
      await a.close();
    }
  });

  it('is refused to anonymous (401), members and moderators (403)', async () => {
    expect((await failure(callerFor(t).caller.audit.list())).code).toBe('UNAUTHORIZED');
    for (const u of [member, moderator]) {
      expect((await failure(callerFor(t, u).caller.audit.list())).code).toBe('FORBIDDEN');
    }
  });
});
