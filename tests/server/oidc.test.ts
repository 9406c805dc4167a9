// Sign in with OpenID Connect, procedure by procedure (the callers the client and the REST rows
// use), on a real migrated database of either engine and a real OpenID provider for the
// registry. The trips through the provider itself are in tests/rest/oidc.rest.test.ts.
import { TRPCError } from '@trpc/server';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/server/platform/env';
import { auditLog, sessions, userIdentities, users } from '../../src/server/platform/db/schema';
import { createContextInner } from '../../src/server/trpc/context';
import { createCaller } from '../../src/server/trpc/routers/_app';
import { memoryOidcFlowCookie } from '../../src/server/trpc/oidcCookie';
import type { OidcFlow } from '../../src/server/domain/accounts/oidc/flow';
import { createSession } from '../../src/server/domain/accounts/sessions';
import { NO_PASSWORD } from '../../src/server/domain/accounts/passwords';
import { resolveSignIn } from '../../src/server/domain/accounts/oidc/identities';
import { getPlatformSettings, savePlatformSettings } from '../../src/server/domain/settings';
import { OIDC_MSG } from '../../src/shared/schemas/oidc';
import { MSG } from '../../src/shared/messages';
import { createTestDb, createUser, memoryCookie, type TestDb } from '../helpers/db';
import { readyRegistry, startOidcProvider, type TestOidcProvider } from '../helpers/oidc';
import { freePort, startServerProcess } from '../helpers/serverProcess';
import path from 'node:path';

let t: TestDb;
let op: TestOidcProvider;

beforeAll(async () => {
  t = await createTestDb();
  op = await startOidcProvider({ redirectUris: ['http://127.0.0.1:9/cb'] });
  t.deps.oidc = await readyRegistry([
    op.config('local', 'Local ID'),
    op.config('other', 'Other ID'),
  ]);
});
afterAll(async () => {
  t?.deps.oidc?.close();
  await op?.stop();
  await t?.close();
});

/** A caller with this browser's flow cookie, signed in as `user` when given. */
function callerWith({ user, flow }: { user?: { id: number }; flow?: OidcFlow } = {}) {
  const cookie = memoryCookie();
  const oidcFlow = memoryOidcFlowCookie(flow);
  const signedIn = user
    ? createSession({ db: t.db, userId: user.id }).then((id) => {
        cookie.id = id;
      })
    : Promise.resolve();
  const caller = createCaller(async () => {
    await signedIn;
    return createContextInner({ deps: t.deps, cookie, oidcFlow, ip: '127.0.0.1' });
  });
  return { caller, cookie, oidcFlow };
}

async function refusal(call: Promise<unknown>): Promise<TRPCError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

let n = 0;
const unique = () => `${++n}${Math.random().toString(36).slice(2, 6)}`;

/** A member made through a provider: no password, one identity per provider given. */
async function providerMember(providers: string[] = ['local']) {
  const member = await createUser(t.db, { username: `idp_${unique()}` });
  await t.db.update(users).set({ password: NO_PASSWORD }).where(eq(users.id, member.id));
  for (const provider of providers) {
    await t.db
      .insert(userIdentities)
      .values({ userId: member.id, provider, subject: `s-${unique()}`, email: member.email });
  }
  return member;
}

async function identityCount(userId: number) {
  const [row] = await t.db
    .select({ n: count() })
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId));
  return Number(row!.n);
}

describe('OIDC_PROVIDERS', () => {
  const google = {
    id: 'google',
    label: 'Google',
    issuer: 'https://accounts.google.com',
    clientId: 'id',
    clientSecret: 'secret',
  };
  const problems = (value: string) => {
    try {
      parseEnv({ OIDC_PROVIDERS: value });
      return '';
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('is empty when unset, and reads a JSON array of providers', () => {
    expect(parseEnv({}).OIDC_PROVIDERS).toEqual([]);
    expect(parseEnv({ OIDC_PROVIDERS: JSON.stringify([google]) }).OIDC_PROVIDERS).toEqual([google]);
  });

  it('stops the start with a message that says what is wrong', () => {
    expect(problems('google')).toMatch(/OIDC_PROVIDERS: must be a JSON array such as/);
    expect(problems('{}')).toMatch(/OIDC_PROVIDERS: must be a JSON array/);
    expect(problems(JSON.stringify([{ ...google, id: 'Google Login' }]))).toMatch(
      /OIDC_PROVIDERS\.0\.id: must be 1-32 lower-case letters/,
    );
    expect(problems(JSON.stringify([{ ...google, issuer: 'http://idp.example.org' }]))).toMatch(
      /OIDC_PROVIDERS\.0\.issuer: must be an https URL \(http only for localhost\)/,
    );
    expect(problems(JSON.stringify([{ ...google, clientSecret: '' }]))).toMatch(
      /OIDC_PROVIDERS\.0\.clientSecret: is required/,
    );
    expect(problems(JSON.stringify([google, google]))).toMatch(
      /OIDC_PROVIDERS\.1\.id: "google" is the id of two providers/,
    );
    expect(problems(JSON.stringify([{ ...google, scope: 'x' }]))).toMatch(/Unrecognized key/);
  });
});

describe('oidc.providers', () => {
  it('lists the discovered providers, and none when none are configured', async () => {
    expect(await callerWith().caller.oidc.providers()).toEqual([
      { id: 'local', label: 'Local ID' },
      { id: 'other', label: 'Other ID' },
    ]);
    const bare = createCaller(() =>
      createContextInner({ deps: { ...t.deps, oidc: undefined }, cookie: memoryCookie() }),
    );
    expect(await bare.oidc.providers()).toEqual([]);
  });
});

describe('oidc.flow', () => {
  it('says where the browser’s sign-in stands, and nothing of the secrets', async () => {
    expect(await callerWith().caller.oidc.flow()).toBeNull();
    const auth: OidcFlow = {
      stage: 'auth',
      provider: 'local',
      state: 's',
      nonce: 'n',
      verifier: 'v',
      redirectUri: 'http://x/cb',
      intent: 'signin',
    };
    expect(await callerWith({ flow: auth }).caller.oidc.flow()).toBeNull();
    expect(
      await callerWith({
        flow: { stage: 'error', message: 'No.', intent: 'link' },
      }).caller.oidc.flow(),
    ).toEqual({ kind: 'error', message: 'No.', intent: 'link' });
    expect(
      await callerWith({
        flow: {
          stage: 'username',
          provider: 'local',
          subject: 'sub',
          email: 'a@example.org',
          emailVerified: true,
          suggested: 'abc',
        },
      }).caller.oidc.flow(),
    ).toEqual({
      kind: 'username',
      provider: 'Local ID',
      email: 'a@example.org',
      suggestedUsername: 'abc',
    });
    const owner = await createUser(t.db);
    const confirm: OidcFlow = {
      stage: 'confirm',
      provider: 'other',
      subject: 'sub',
      email: owner.email,
      userId: owner.id,
    };
    expect(await callerWith({ flow: confirm }).caller.oidc.flow()).toEqual({
      kind: 'confirm',
      provider: 'Other ID',
      email: owner.email,
      username: owner.username,
    });
    // The account went meanwhile: nothing to confirm.
    expect(
      await callerWith({ flow: { ...confirm, userId: 999_999 } }).caller.oidc.flow(),
    ).toBeNull();
  });
});

describe('oidc.chooseUsername', () => {
  const usernameStage = (email: string): OidcFlow => ({
    stage: 'username',
    provider: 'local',
    subject: `sub-${unique()}`,
    email,
    emailVerified: false,
    suggested: '',
  });

  it('creates the member with the identity, signs them in and ends the flow', async () => {
    const flow = usernameStage(`new-${unique()}@example.org`);
    const { caller, cookie, oidcFlow } = callerWith({ flow });
    const user = await caller.oidc.chooseUsername({ username: 'chosen_name' });
    expect(user).toMatchObject({ username: 'chosen_name', role: 'user', subscriptionTier: 'free' });
    expect(cookie.id).toBeDefined();
    expect(oidcFlow.flow).toBeUndefined();
    const [row] = await t.db
      .select({ password: users.password, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row).toEqual({ password: NO_PASSWORD, emailVerifiedAt: null });
    expect(await identityCount(user.id)).toBe(1);
  });

  it('gives new members the platform’s default tier', async () => {
    const settings = await getPlatformSettings({ db: t.db });
    await savePlatformSettings({ db: t.db, value: { ...settings, defaultUserTier: 'standard' } });
    try {
      const { caller } = callerWith({ flow: usernameStage(`tier-${unique()}@example.org`) });
      expect(await caller.oidc.chooseUsername({ username: `tier_${unique()}` })).toMatchObject({
        subscriptionTier: 'standard',
      });
    } finally {
      await savePlatformSettings({ db: t.db, value: settings });
    }
  });

  it('is refused while registration is closed, and when the e-mail was taken meanwhile', async () => {
    const settings = await getPlatformSettings({ db: t.db });
    await savePlatformSettings({ db: t.db, value: { ...settings, enableRegistration: false } });
    try {
      const closed = await refusal(
        callerWith({ flow: usernameStage('closed@example.org') }).caller.oidc.chooseUsername({
          username: 'closed_one',
        }),
      );
      expect(closed.code).toBe('FORBIDDEN');
      expect(closed.message).toBe(OIDC_MSG.registrationClosed('Local ID'));
    } finally {
      await savePlatformSettings({ db: t.db, value: settings });
    }
    const other = await createUser(t.db);
    const taken = await refusal(
      callerWith({ flow: usernameStage(other.email) }).caller.oidc.chooseUsername({
        username: `late_${unique()}`,
      }),
    );
    expect(taken.code).toBe('CONFLICT');
    expect(taken.message).toBe(MSG.emailTaken);
  });

  it('without a username stage, answers "start again"', async () => {
    const error = await refusal(callerWith().caller.oidc.chooseUsername({ username: 'abcdef' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe(OIDC_MSG.noFlow);
  });
});

describe('oidc.confirmLink', () => {
  it('links on the right password only, counting wrong ones like sign-in guesses', async () => {
    const owner = await createUser(t.db, { username: `owner_${unique()}` });
    const flow: OidcFlow = {
      stage: 'confirm',
      provider: 'local',
      subject: `sub-${unique()}`,
      email: owner.email,
      userId: owner.id,
    };
    const browser = callerWith({ flow });
    const wrong = await refusal(browser.caller.oidc.confirmLink({ password: 'nope-nope' }));
    expect(wrong.code).toBe('UNAUTHORIZED');
    expect(wrong.message).toBe(OIDC_MSG.wrongPassword);
    // The flow stays for another try; nothing was linked.
    expect(browser.oidcFlow.flow).toEqual(flow);
    expect(await identityCount(owner.id)).toBe(0);
    const user = await browser.caller.oidc.confirmLink({ password: owner.password });
    expect(user).toMatchObject({ id: owner.id });
    expect(browser.cookie.id).toBeDefined();
    expect(browser.oidcFlow.flow).toBeUndefined();
    expect(await identityCount(owner.id)).toBe(1);
  });

  it('refuses a link when the account’s e-mail changed meanwhile', async () => {
    const owner = await createUser(t.db, { username: `moved_${unique()}` });
    const flow: OidcFlow = {
      stage: 'confirm',
      provider: 'local',
      subject: `sub-${unique()}`,
      email: 'previous@example.org',
      userId: owner.id,
    };
    const error = await refusal(
      callerWith({ flow }).caller.oidc.confirmLink({ password: owner.password }),
    );
    expect(error.message).toBe(OIDC_MSG.noFlow);
    expect(await identityCount(owner.id)).toBe(0);
  });

  it('stops guessing after the sign-in limit', async () => {
    const owner = await createUser(t.db, { username: `guessed_${unique()}` });
    const flow: OidcFlow = {
      stage: 'confirm',
      provider: 'local',
      subject: `sub-${unique()}`,
      email: owner.email,
      userId: owner.id,
    };
    const codes: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      codes.push(
        (await refusal(callerWith({ flow }).caller.oidc.confirmLink({ password: `wrong-${i}` })))
          .code,
      );
    }
    expect(codes).toContain('TOO_MANY_REQUESTS');
  });
});

describe('oidc.methods, oidc.unlink', () => {
  it('lists every provider, linked or not, and one no longer configured', async () => {
    const member = await providerMember(['other', 'retired']);
    const methods = await callerWith({ user: member }).caller.oidc.methods();
    expect(methods.hasPassword).toBe(false);
    expect(methods.providers).toEqual([
      { id: 'local', label: 'Local ID', available: true, linked: null },
      {
        id: 'other',
        label: 'Other ID',
        available: true,
        linked: { email: member.email, linkedAt: expect.any(Date) },
      },
      {
        id: 'retired',
        label: 'retired',
        available: false,
        linked: { email: member.email, linkedAt: expect.any(Date) },
      },
    ]);
  });

  it('keeps the last way in of a member without a password, even under two unlinks at once', async () => {
    const member = await providerMember(['local', 'other']);
    const { caller } = callerWith({ user: member });
    const results = await Promise.allSettled([
      caller.oidc.unlink({ provider: 'local' }),
      caller.oidc.unlink({ provider: 'other' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as TRPCError).message).toBe(OIDC_MSG.lastWayIn);
    expect(await identityCount(member.id)).toBe(1);
    const audit = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actorId, member.id));
    expect(audit.map((a) => a.action)).toEqual(['account.oidc.unlink']);
  });

  it('lets a member with a password unlink their only provider', async () => {
    const member = await createUser(t.db);
    await t.db
      .insert(userIdentities)
      .values({ userId: member.id, provider: 'local', subject: `s-${unique()}` });
    const { caller } = callerWith({ user: member });
    expect(await caller.oidc.unlink({ provider: 'local' })).toEqual({ success: true });
    expect(await identityCount(member.id)).toBe(0);
  });

  it('answers 404 for a provider that is not linked', async () => {
    const member = await createUser(t.db);
    const error = await refusal(
      callerWith({ user: member }).caller.oidc.unlink({ provider: 'local' }),
    );
    expect(error.code).toBe('NOT_FOUND');
  });
});

describe('oidc.setPassword', () => {
  it('sets a first password under the usual rules and ends the other sessions', async () => {
    const member = await providerMember();
    const other = await createSession({ db: t.db, userId: member.id });
    const { caller } = callerWith({ user: member });
    const common = await refusal(
      caller.oidc.setPassword({ newPassword: 'password123', confirmPassword: 'password123' }),
    );
    expect(common.message).toBe(MSG.passwordCommon);
    const same = await refusal(
      caller.oidc.setPassword({ newPassword: member.username, confirmPassword: member.username }),
    );
    expect(same.message).toBe(MSG.passwordIsUsername);
    const short = await refusal(
      caller.oidc.setPassword({ newPassword: 'abc', confirmPassword: 'abc' }),
    );
    expect(short.code).toBe('BAD_REQUEST');
    expect(short.message).toContain('Password must be at least 6 characters');
    expect(
      await caller.oidc.setPassword({
        newPassword: 'harbour-violet-12',
        confirmPassword: 'harbour-violet-12',
      }),
    ).toEqual({ success: true });
    expect((await caller.oidc.methods()).hasPassword).toBe(true);
    const left = await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, member.id));
    expect(left.map((s) => s.id)).not.toContain(other);
    expect(left).toHaveLength(1);
  });

  it('tells a member without a password that Change Password is not the way', async () => {
    const member = await providerMember();
    const error = await refusal(
      callerWith({ user: member }).caller.account.changePassword({
        currentPassword: 'anything-1',
        newPassword: 'harbour-violet-12',
      }),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe(OIDC_MSG.noPasswordToChange);
  });
});

describe('resolveSignIn', () => {
  const provider = { id: 'local', label: 'Local ID' };
  const origin = { ip: '127.0.0.1' };
  const noLimit = () => Promise.resolve();

  it('asks for an e-mail it can use', async () => {
    await expect(
      resolveSignIn({
        db: t.db,
        provider,
        claims: { subject: `x-${unique()}`, emailVerified: false },
        origin,
        beforeCreate: noLimit,
      }),
    ).rejects.toThrow(OIDC_MSG.noEmail('Local ID'));
  });

  it('does not create an account while registration is closed', async () => {
    const settings = await getPlatformSettings({ db: t.db });
    await savePlatformSettings({ db: t.db, value: { ...settings, enableRegistration: false } });
    try {
      await expect(
        resolveSignIn({
          db: t.db,
          provider,
          claims: {
            subject: `x-${unique()}`,
            email: `closed-${unique()}@example.org`,
            emailVerified: true,
            preferredUsername: `closed_${unique()}`,
          },
          origin,
          beforeCreate: noLimit,
        }),
      ).rejects.toThrow(OIDC_MSG.registrationClosed('Local ID'));
    } finally {
      await savePlatformSettings({ db: t.db, value: settings });
    }
  });

  it('sends a verified e-mail of a member without a password to their own provider', async () => {
    const member = await providerMember(['other']);
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, member.id));
    await expect(
      resolveSignIn({
        db: t.db,
        provider,
        claims: { subject: `x-${unique()}`, email: member.email, emailVerified: true },
        origin,
        beforeCreate: noLimit,
      }),
    ).rejects.toThrow(OIDC_MSG.emailUsesProvider('Local ID', member.email));
  });

  it('counts the sign-up before it creates an account (the sign-up limit applies)', async () => {
    let counted = 0;
    const result = await resolveSignIn({
      db: t.db,
      provider,
      claims: {
        subject: `x-${unique()}`,
        email: `counted-${unique()}@example.org`,
        emailVerified: true,
        preferredUsername: `counted_${unique()}`,
      },
      origin,
      beforeCreate: async () => {
        counted += 1;
      },
    });
    expect(result.kind).toBe('user');
    expect(counted).toBe(1);
  });
});

describe('the server process', () => {
  it('starts while a provider cannot be reached: that button is hidden and a line says why', async () => {
    const down = await freePort();
    const server = await startServerProcess({
      ...t.env,
      UPLOAD_DIR: path.join(t.dir, 'process-uploads'),
      SESSION_SECRET: 'oidc-process-test-session-secret-32+',
      SEED_DEMO: 'false',
      OIDC_PROVIDERS: JSON.stringify([
        op.config('local', 'Local ID'),
        { ...op.config('down', 'Down ID'), issuer: `http://127.0.0.1:${down}` },
      ]),
    });
    try {
      expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
      // Discovery runs beside the start: waited for until both providers were tried (bounded).
      const tried = () =>
        server.output().includes('OpenID provider down') &&
        server.output().includes('OpenID provider local');
      for (let i = 0; i < 100 && !tried(); i += 1) await new Promise((r) => setTimeout(r, 100));
      const providers: unknown = await (await fetch(`${server.base}/api/auth/providers`)).json();
      expect(providers).toEqual([{ id: 'local', label: 'Local ID' }]);
      expect(server.output()).toMatch(
        /OpenID provider down: discovery at http:\/\/127\.0\.0\.1:\d+ failed; its button is hidden until it succeeds/,
      );
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('refuses a bad OIDC_PROVIDERS at start, saying which field', async () => {
    await expect(
      startServerProcess({
        ...t.env,
        SESSION_SECRET: 'oidc-process-test-session-secret-32+',
        OIDC_PROVIDERS: '[{"id":"google","label":"Google"}]',
      }),
    ).rejects.toThrow(/OIDC_PROVIDERS\.0\.issuer: must be an https URL/);
  }, 60_000);
});
