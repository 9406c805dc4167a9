import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor, createTestDb, createUser, type CreatedUser } from '../helpers/db';
import { failure } from '../helpers/errors';

const t = await createTestDb();
let admin: CreatedUser;
let member: CreatedUser;
beforeAll(async () => {
  admin = await createUser(t.db, { role: 'admin' });
  member = await createUser(t.db);
});
afterAll(() => t.close());
const asAdmin = () => callerFor(t, admin).caller;

describe('adminSettings.get', () => {
  it('starts from the defaults of SPEC 9', async () => {
    expect(await asAdmin().adminSettings.get()).toEqual({
      siteName: 'Contest Platform',
      contactEmail: 'admin@example.com',
      enableRegistration: true,
      maintenanceMode: false,
      defaultUserTier: 'free',
      contestApprovalRequired: true,
    });
  });
});

describe('adminSettings.update', () => {
  it('merges a partial change, keeps the rest, and audits before/after', async () => {
    const saved = await asAdmin().adminSettings.update({
      siteName: 'Arena',
      contestApprovalRequired: false,
    });
    expect(saved).toMatchObject({
      siteName: 'Arena',
      contestApprovalRequired: false,
      enableRegistration: true,
    });
    expect(await callerFor(t).caller.settings.public()).toMatchObject({ siteName: 'Arena' });
    const audit = await asAdmin().audit.list({ action: 'settings.update' });
    expect(audit.entries[0]).toMatchObject({
      actorName: admin.username,
      before: expect.objectContaining({ siteName: 'Contest Platform' }),
      after: expect.objectContaining({ siteName: 'Arena' }),
    });
  });

  it('validates with the messages of SPEC 5', async () => {
    expect((await failure(asAdmin().adminSettings.update({ siteName: '   ' }))).message).toBe(
      'Site name is required',
    );
    expect((await failure(asAdmin().adminSettings.update({ contactEmail: 'nope' }))).message).toBe(
      'Must be a valid email',
    );
    expect(
      (await failure(asAdmin().adminSettings.update({ defaultUserTier: 'premium' as 'elite' })))
        .code,
    ).toBe('BAD_REQUEST');
  });

  it('takes effect: registration, default tier and maintenance', async () => {
    await asAdmin().adminSettings.update({ enableRegistration: false });
    const reg = {
      username: 'latecomer',
      email: 'late@example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
    };
    expect(await failure(callerFor(t).caller.auth.register(reg))).toEqual({
      code: 'FORBIDDEN',
      message: 'Registration is currently disabled',
    });
    await asAdmin().adminSettings.update({ enableRegistration: true, defaultUserTier: 'standard' });
    expect((await callerFor(t).caller.auth.register(reg)).subscriptionTier).toBe('standard');

    await asAdmin().adminSettings.update({ maintenanceMode: true });
    expect((await failure(callerFor(t, member).caller.account.getPayment())).code).toBe(
      'SERVICE_UNAVAILABLE',
    );
    await expect(asAdmin().adminUsers.list()).resolves.toBeTruthy();
    await asAdmin().adminSettings.update({ maintenanceMode: false });
    await expect(callerFor(t, member).caller.account.getPayment()).resolves.toBeNull();
  });

  it('is refused to members and moderators without a change', async () => {
    const moderator = await createUser(t.db, { role: 'moderator' });
    const before = await asAdmin().adminSettings.get();
    for (const who of [member, moderator]) {
      expect(
        (await failure(callerFor(t, who).caller.adminSettings.update({ maintenanceMode: true })))
          .code,
      ).toBe('FORBIDDEN');
    }
    expect(
      (await failure(callerFor(t).caller.adminSettings.update({ maintenanceMode: true }))).code,
    ).toBe('UNAUTHORIZED');
    expect(await asAdmin().adminSettings.get()).toEqual(before);
  });
});

describe('adminSettings.getPayments / updatePayments', () => {
  it('defaults to SPEC 9 rates and saves a validated change', async () => {
    const config = await asAdmin().adminSettings.getPayments();
    expect(
      Object.fromEntries(Object.entries(config.networks).map(([k, v]) => [k, v.rate])),
    ).toEqual({
      ETH: 0.00042,
      BTC: 0.000038,
      SOL: 0.0125,
      MATIC: 1.15,
      TRX: 10.75,
      BNB: 0.0034,
    });
    const changed = {
      ...config,
      networks: {
        ...config.networks,
        ETH: { address: '0xabc0000000000000000000000000000000000001', rate: 0.0005 },
      },
    };
    expect((await asAdmin().adminSettings.updatePayments(changed)).networks.ETH.rate).toBe(0.0005);
    expect((await asAdmin().adminSettings.getPayments()).networks.ETH.address).toMatch(/^0xabc/);
    const negative = {
      ...changed,
      networks: { ...changed.networks, BTC: { address: '', rate: -1 } },
    };
    expect((await failure(asAdmin().adminSettings.updatePayments(negative))).message).toBe(
      'Rate must be greater than 0',
    );
    const wrongAddress = {
      ...changed,
      networks: { ...changed.networks, TRX: { address: '0x1234', rate: 10.75 } },
    };
    expect((await failure(asAdmin().adminSettings.updatePayments(wrongAddress))).message).toBe(
      'Enter a valid TRX address',
    );
    expect((await asAdmin().audit.list({ action: 'settings.payments' })).total).toBe(1);
  });
});

describe('audit.list', () => {
  it('pages newest first and filters by action', async () => {
    const page = await asAdmin().audit.list({ page: 1, pageSize: 2 });
    expect(page.entries.length).toBeLessThanOrEqual(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.entries[0]!.id).toBeGreaterThan(page.entries[1]!.id);
    const filtered = await asAdmin().audit.list({ action: 'settings.payments' });
    expect(filtered.entries.every((e) => e.action === 'settings.payments')).toBe(true);
  });
});
