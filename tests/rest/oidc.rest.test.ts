// Sign in with OpenID Connect over real HTTP: the app under test and a real OpenID provider
// (oidc-provider 9, tests/helpers/oidc.ts) on 127.0.0.1, the browser's trips between them walked
// redirect by redirect. First sign-in, the username follow-up, the link confirmed with a
// password, the refusals (state, PKCE, unverified e-mail, a ban), linking and unlinking.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, userIdentities, users } from '../../src/server/platform/db/schema';
import { NO_PASSWORD } from '../../src/server/domain/accounts/passwords';
import { OIDC_MSG } from '../../src/shared/schemas/oidc';
import { generate } from 'otplib';
import { beginSetup, enableTwoFactor } from '../../src/server/domain/accounts/twoFactor';
import { MSG } from '../../src/shared/messages';
import { createUser, testPasswords } from '../helpers/db';
import { startTestServer, type TestServer } from '../helpers/server';
import {
  callbackFor,
  FlowBrowser,
  readyRegistry,
  startOidcProvider,
  type TestOidcProvider,
} from '../helpers/oidc';

let s: TestServer;
let op: TestOidcProvider;
const START = '/api/auth/oidc/local/start';
const METRICS_TOKEN = 'metrics-token-of-the-oidc-tests';

beforeAll(async () => {
  s = await startTestServer({ metricsToken: METRICS_TOKEN });
  op = await startOidcProvider({
    redirectUris: [callbackFor(s.url, 'local'), callbackFor(s.url, 'other')],
  });
  // Two providers at one issuer: 'other' stands for a second provider (Google beside Gitea).
  s.deps.oidc = await readyRegistry([
    op.config('local', 'Local ID'),
    op.config('other', 'Other ID'),
  ]);
});
afterAll(async () => {
  s?.deps.oidc?.close();
  await op?.stop();
  await s?.stop();
});

let n = 0;
/** A person at the provider, with a unique subject and e-mail unless told. */
function person(fields: { username?: string; email?: string; verified?: boolean } = {}) {
  n += 1;
  return op.addUser({
    sub: `sub-${n}-${Math.random().toString(36).slice(2, 8)}`,
    email: fields.email ?? `person${n}@example.org`,
    email_verified: fields.verified ?? true,
    preferred_username: fields.username ?? `person_${n}`,
  });
}

async function me(b: FlowBrowser) {
  return b.json('GET', `${s.url}/api/user`);
}

async function flow(b: FlowBrowser) {
  return (await b.json('GET', `${s.url}/api/auth/oidc/flow`)).body;
}

async function userByName(username: string) {
  const [row] = await s.db
    .select({
      id: users.id,
      password: users.password,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      subscriptionTier: users.subscriptionTier,
      role: users.role,
    })
    .from(users)
    .where(eq(users.username, username));
  return row;
}

async function identitiesOf(userId: number) {
  return s.db
    .select({ provider: userIdentities.provider, subject: userIdentities.subject })
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId));
}

async function userCount() {
  return (await s.db.select({ n: count() }).from(users))[0]!.n;
}

/** A browser signed in with a password (as the login form does). */
async function passwordBrowser(member: { username: string; password: string }) {
  const b = new FlowBrowser();
  const res = await b.json('POST', `${s.url}/api/login`, {
    username: member.username,
    password: member.password,
  });
  expect(res.status).toBe(200);
  return b;
}

describe('GET /api/auth/providers', () => {
  it('lists the configured providers whose discovery succeeded', async () => {
    const res = await new FlowBrowser().json('GET', `${s.url}/api/auth/providers`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: 'local', label: 'Local ID' },
      { id: 'other', label: 'Other ID' },
    ]);
  });
});

describe('a first sign-in', () => {
  it('creates a member with the provider’s username, no password, the default tier, and signs in', async () => {
    const alice = person({ username: 'alice_oidc', email: 'Alice.OIDC@example.org' });
    const before = await userCount();
    const b = new FlowBrowser();
    expect(await b.signIn(s.url, alice.sub)).toBe('/');
    const who = await me(b);
    expect(who.status).toBe(200);
    expect(who.body).toMatchObject({ username: 'alice_oidc', email: 'alice.oidc@example.org' });
    expect(await userCount()).toBe(before + 1);
    const row = (await userByName('alice_oidc'))!;
    expect(row.password).toBe(NO_PASSWORD);
    expect(row.subscriptionTier).toBe('free');
    expect(row.role).toBe('user');
    // The provider vouched for the e-mail: it counts as verified here.
    expect(row.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await identitiesOf(row.id)).toEqual([{ provider: 'local', subject: alice.sub }]);
    // An ordinary session row, and an audited sign-up.
    const [live] = await s.db
      .select({ n: count() })
      .from(sessions)
      .where(eq(sessions.userId, row.id));
    expect(live!.n).toBe(1);
    const audit = await s.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actorId, row.id));
    expect(audit.map((a) => a.action)).toContain('account.oidc.signup');

    // The next sign-in finds the same member; the flow cookie is gone.
    const again = new FlowBrowser();
    expect(await again.signIn(s.url, alice.sub)).toBe('/');
    expect((await me(again)).body).toMatchObject({ id: row.id });
    expect(await userCount()).toBe(before + 1);
    expect(again.cookie(s.url, 'contest_oidc')).toBe('');
  });

  it('leaves the e-mail unverified when the provider does not vouch for it', async () => {
    const p = person({ username: 'unvouched', verified: false });
    const b = new FlowBrowser();
    expect(await b.signIn(s.url, p.sub)).toBe('/');
    expect((await userByName('unvouched'))!.emailVerifiedAt).toBeNull();
  });

  it('is refused in words at password sign-in until the member sets a password', async () => {
    const p = person({ username: 'nopass_member' });
    const b = new FlowBrowser();
    await b.signIn(s.url, p.sub);
    const res = await new FlowBrowser().json('POST', `${s.url}/api/login`, {
      username: 'nopass_member',
      password: 'whatever-it-is',
    });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(OIDC_MSG.noPassword);

    // Account Settings sets one without a current password; then it works.
    const methods = await b.json('GET', `${s.url}/api/user/sign-in-methods`);
    expect(methods.body).toMatchObject({ hasPassword: false });
    const mismatch = await b.json('POST', `${s.url}/api/user/password`, {
      newPassword: 'tidal-lantern-58',
      confirmPassword: 'tidal-lantern-59',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe(MSG.passwordsDoNotMatch);
    const set = await b.json('POST', `${s.url}/api/user/password`, {
      newPassword: 'tidal-lantern-58',
      confirmPassword: 'tidal-lantern-58',
    });
    expect(set.status).toBe(200);
    // Once set, it is changed the usual way (with the current one), not set again.
    const twice = await b.json('POST', `${s.url}/api/user/password`, {
      newPassword: 'other-lantern-77',
      confirmPassword: 'other-lantern-77',
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(OIDC_MSG.passwordAlreadySet);
    const login = await new FlowBrowser().json('POST', `${s.url}/api/login`, {
      username: 'nopass_member',
      password: 'tidal-lantern-58',
    });
    expect(login.status).toBe(200);
  });
});

describe('a first sign-in whose username is taken or not valid', () => {
  it('asks for a username on a follow-up form under the usual rules', async () => {
    const taken = await createUser(s.db, { username: 'bobcat' });
    const p = person({ username: taken.username, email: 'bobcat.two@example.org' });
    const before = await userCount();
    const b = new FlowBrowser();
    expect(await b.signIn(s.url, p.sub)).toBe('/auth?oidc=username');
    expect(await userCount()).toBe(before);
    expect((await me(b)).status).toBe(401);
    expect(await flow(b)).toEqual({
      kind: 'username',
      provider: 'Local ID',
      email: 'bobcat.two@example.org',
      suggestedUsername: 'bobcat2',
    });

    const same = await b.json('POST', `${s.url}/api/auth/oidc/username`, { username: 'BOBCAT' });
    expect(same.status).toBe(409);
    expect(same.body.message).toBe(MSG.usernameTaken);
    const bad = await b.json('POST', `${s.url}/api/auth/oidc/username`, { username: 'b c' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Username may only contain/);

    const chosen = await b.json('POST', `${s.url}/api/auth/oidc/username`, {
      username: 'bobcat_two',
    });
    expect(chosen.status).toBe(201);
    expect(chosen.body).toMatchObject({ username: 'bobcat_two', email: 'bobcat.two@example.org' });
    expect((await me(b)).body).toMatchObject({ username: 'bobcat_two' });
    expect(await flow(b)).toBeNull();
    // The form cannot be sent twice.
    const replay = await b.json('POST', `${s.url}/api/auth/oidc/username`, { username: 'bobcat3' });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe(OIDC_MSG.noFlow);
  });

  it('asks as well when the provider’s name is not a valid username here', async () => {
    const p = person({ username: 'Zoë Quinn', email: 'zq@example.org' });
    const b = new FlowBrowser();
    expect(await b.signIn(s.url, p.sub)).toBe('/auth?oidc=username');
    expect(await flow(b)).toMatchObject({ kind: 'username', suggestedUsername: 'ZoQuinn' });
  });

  it('without a flow, the form is refused with a way forward, not a 500', async () => {
    const res = await new FlowBrowser().json('POST', `${s.url}/api/auth/oidc/username`, {
      username: 'nobody_here',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(OIDC_MSG.noFlow);
  });
});

describe('an e-mail an existing account has', () => {
  it('verified on both sides: the member confirms the link with their password', async () => {
    const carol = await createUser(s.db, { username: 'carol_pw', email: 'carol@example.org' });
    await s.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, carol.id));
    const p = person({ username: 'carol_at_idp', email: 'CAROL@example.org' });
    const before = await userCount();
    const b = new FlowBrowser();
    expect(await b.signIn(s.url, p.sub)).toBe('/auth?oidc=confirm');
    expect(await userCount()).toBe(before);
    expect(await flow(b)).toEqual({
      kind: 'confirm',
      provider: 'Local ID',
      email: 'carol@example.org',
      username: 'carol_pw',
    });
    const wrong = await b.json('POST', `${s.url}/api/auth/oidc/confirm`, {
      password: 'not-her-password',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(OIDC_MSG.wrongPassword);
    expect(await identitiesOf(carol.id)).toEqual([]);

    const right = await b.json('POST', `${s.url}/api/auth/oidc/confirm`, {
      password: carol.password,
    });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ id: carol.id });
    expect((await me(b)).body).toMatchObject({ id: carol.id });
    expect(await identitiesOf(carol.id)).toEqual([{ provider: 'local', subject: p.sub }]);
    expect(await userCount()).toBe(before);

    // From now on the provider signs her in directly.
    const later = new FlowBrowser();
    expect(await later.signIn(s.url, p.sub)).toBe('/');
    expect((await me(later)).body).toMatchObject({ id: carol.id });
  });

  it('not verified here: not linked, and the sign-in page says why', async () => {
    const dave = await createUser(s.db, { username: 'dave_pw', email: 'dave@example.org' });
    const p = person({ username: 'dave_idp', email: 'dave@example.org' });
    const before = await userCount();
    const b = new FlowBrowser();
    expect(await b.signIn(s.url, p.sub)).toBe('/auth?oidc=error');
    expect(await flow(b)).toEqual({
      kind: 'error',
      intent: 'signin',
      message: OIDC_MSG.emailNotVerified('Local ID', 'dave@example.org'),
    });
    expect((await me(b)).status).toBe(401);
    expect(await identitiesOf(dave.id)).toEqual([]);
    expect(await userCount()).toBe(before);
  });

  it('verified here but not vouched for by the provider: not linked either', async () => {
    const erin = await createUser(s.db, { username: 'erin_pw', email: 'erin@example.org' });
    await s.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, erin.id));
    const p = person({ username: 'erin_idp', email: 'erin@example.org', verified: false });
    const b = new FlowBrowser();
    expect(await b.signIn(s.url, p.sub)).toBe('/auth?oidc=error');
    expect(await flow(b)).toMatchObject({
      message: OIDC_MSG.emailNotVerified('Local ID', 'erin@example.org'),
    });
    expect(await identitiesOf(erin.id)).toEqual([]);
  });
});

describe('refusals of a forged or broken answer', () => {
  it('a state that does not match this browser’s is refused with a message on /auth', async () => {
    const p = person();
    const before = await userCount();
    const b = new FlowBrowser();
    const callback = new URL(await b.authorize(s.url, START, p.sub));
    callback.searchParams.set('state', 'forged-state-value');
    expect(await b.complete(callback.href)).toBe('/auth?oidc=error');
    expect(await flow(b)).toEqual({
      kind: 'error',
      intent: 'signin',
      message: OIDC_MSG.stateMismatch,
    });
    expect((await me(b)).status).toBe(401);
    expect(await userCount()).toBe(before);
  });

  it('a callback from another browser (no flow of its own) is refused', async () => {
    const p = person();
    const victim = new FlowBrowser();
    const callback = await new FlowBrowser().authorize(s.url, START, p.sub);
    expect(await victim.complete(callback)).toBe('/auth?oidc=error');
    expect(await flow(victim)).toMatchObject({ message: OIDC_MSG.noFlow });
    expect((await me(victim)).status).toBe(401);
  });

  it('a code issued for another PKCE challenge is refused at the token exchange', async () => {
    const p = person();
    const before = await userCount();
    const b = new FlowBrowser();
    // The app's own request to the provider: its state and nonce are in the address.
    const start = await b.get(s.url + START);
    const sent = new URL(start.location!);
    // The same request with another code_challenge (an attacker's), so the code the provider
    // issues belongs to a verifier the app does not hold.
    const forged = new URL(sent.href);
    forged.searchParams.set('code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    // Walked in the browser that holds the app's flow cookie, through the provider's login.
    let next = forged.href;
    let callbackUrl: string | undefined;
    for (let hop = 0; hop < 12 && !callbackUrl; hop += 1) {
      if (next.startsWith(s.url)) {
        callbackUrl = next;
        break;
      }
      const answer = await b.get(next);
      if (answer.location) next = answer.location;
      else {
        const posted = await b.request(next, {
          method: 'POST',
          body: new URLSearchParams({ prompt: 'login', login: p.sub, password: 'x' }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        next = posted.location!;
      }
    }
    expect(new URL(callbackUrl!).searchParams.get('state')).toBe(sent.searchParams.get('state'));
    expect(await b.complete(callbackUrl!)).toBe('/auth?oidc=error');
    expect(await flow(b)).toMatchObject({ message: OIDC_MSG.failed('Local ID') });
    expect((await me(b)).status).toBe(401);
    expect(await userCount()).toBe(before);
  });

  it('a cancelled sign-in at the provider says so', async () => {
    const b = new FlowBrowser();
    const start = await b.get(s.url + START);
    const state = new URL(start.location!).searchParams.get('state')!;
    const callback = `${callbackFor(s.url)}?error=access_denied&state=${state}`;
    expect(await b.complete(callback)).toBe('/auth?oidc=error');
    expect(await flow(b)).toMatchObject({ message: OIDC_MSG.cancelled('Local ID') });
  });

  it('an unknown provider is a 404, never a 500', async () => {
    const b = new FlowBrowser();
    const start = await b.get(`${s.url}/api/auth/oidc/nope/start`);
    expect(start.status).toBe(404);
    expect(JSON.parse(start.text)).toMatchObject({ message: OIDC_MSG.unknownProvider });
    const callback = await b.get(`${s.url}/api/auth/oidc/nope/callback?code=x&state=y`);
    expect(callback.status).toBe(303);
    expect(await flow(b)).toMatchObject({ message: OIDC_MSG.noFlow });
  });
});

describe('a banned member', () => {
  it('stays out, with the ban message of password sign-in, and no session is made', async () => {
    const p = person({ username: 'frank_banned' });
    const b = new FlowBrowser();
    expect(await b.signIn(s.url, p.sub)).toBe('/');
    const frank = (await userByName('frank_banned'))!;
    await s.db
      .update(users)
      .set({ role: 'banned', banReason: 'Spamming the forums' })
      .where(eq(users.id, frank.id));
    await s.db.delete(sessions).where(eq(sessions.userId, frank.id));
    const again = new FlowBrowser();
    expect(await again.signIn(s.url, p.sub)).toBe('/auth?oidc=error');
    expect(await flow(again)).toMatchObject({
      message: `${MSG.suspended}. Reason: Spamming the forums`,
    });
    expect((await me(again)).status).toBe(401);
    const [live] = await s.db
      .select({ n: count() })
      .from(sessions)
      .where(eq(sessions.userId, frank.id));
    expect(live!.n).toBe(0);
  });

  it('cannot confirm a link with the password either', async () => {
    const gina = await createUser(s.db, { username: 'gina_banned', email: 'gina@example.org' });
    await s.db
      .update(users)
      .set({ emailVerifiedAt: new Date(), role: 'banned', banReason: null })
      .where(eq(users.id, gina.id));
    const p = person({ username: 'gina_idp', email: 'gina@example.org' });
    const b = new FlowBrowser();
    expect(await b.signIn(s.url, p.sub)).toBe('/auth?oidc=confirm');
    const res = await b.json('POST', `${s.url}/api/auth/oidc/confirm`, { password: gina.password });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.suspended);
    expect(await identitiesOf(gina.id)).toEqual([]);
  });
});

describe('linking and unlinking in Account Settings', () => {
  it('links a provider to a signed-in member and unlinks it (they have a password)', async () => {
    const hank = await createUser(s.db, { username: 'hank_pw' });
    const b = await passwordBrowser(hank);
    const p = person({ username: 'hank_idp', email: 'hank.elsewhere@example.org' });
    const to = await b.complete(await b.authorize(s.url, `${START}?link=1`, p.sub));
    expect(to).toBe('/settings?linked=local');
    expect((await me(b)).body).toMatchObject({ id: hank.id });
    const methods = await b.json('GET', `${s.url}/api/user/sign-in-methods`);
    expect(methods.status).toBe(200);
    expect(methods.body).toMatchObject({
      hasPassword: true,
      providers: [
        {
          id: 'local',
          label: 'Local ID',
          available: true,
          linked: { email: 'hank.elsewhere@example.org' },
        },
        { id: 'other', label: 'Other ID', available: true, linked: null },
      ],
    });
    // It signs him in now.
    const elsewhere = new FlowBrowser();
    expect(await elsewhere.signIn(s.url, p.sub)).toBe('/');
    expect((await me(elsewhere)).body).toMatchObject({ id: hank.id });

    const unlink = await b.json('DELETE', `${s.url}/api/user/sign-in-methods/local`);
    expect(unlink.status).toBe(200);
    expect(await identitiesOf(hank.id)).toEqual([]);
    const none = await b.json('DELETE', `${s.url}/api/user/sign-in-methods/local`);
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(OIDC_MSG.notLinked);
    const actions = await s.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, hank.id)));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['account.oidc.link', 'account.oidc.unlink']),
    );
  });

  it('never removes the last way in of a member without a password', async () => {
    const p = person({ username: 'ivy_idp' });
    const b = new FlowBrowser();
    expect(await b.signIn(s.url, p.sub)).toBe('/');
    const ivy = (await userByName('ivy_idp'))!;
    const last = await b.json('DELETE', `${s.url}/api/user/sign-in-methods/local`);
    expect(last.status).toBe(400);
    expect(last.body).toMatchObject({ message: OIDC_MSG.lastWayIn, reason: 'last_way_in' });
    expect(await identitiesOf(ivy.id)).toHaveLength(1);

    // A second provider linked (the provider remembers her: the same person, the same subject):
    // either one may go, but not both.
    const to = await b.complete(
      await b.authorize(s.url, '/api/auth/oidc/other/start?link=1', p.sub),
    );
    expect(to).toBe('/settings?linked=other');
    expect((await b.json('DELETE', `${s.url}/api/user/sign-in-methods/local`)).status).toBe(200);
    const lastAgain = await b.json('DELETE', `${s.url}/api/user/sign-in-methods/other`);
    expect(lastAgain.status).toBe(400);
    expect(lastAgain.body.message).toBe(OIDC_MSG.lastWayIn);
    expect(await identitiesOf(ivy.id)).toEqual([{ provider: 'other', subject: p.sub }]);

    // With a password set, the last provider may go.
    const set = await b.json('POST', `${s.url}/api/user/password`, {
      newPassword: 'copper-meadow-41',
      confirmPassword: 'copper-meadow-41',
    });
    expect(set.status).toBe(200);
    expect((await b.json('DELETE', `${s.url}/api/user/sign-in-methods/other`)).status).toBe(200);
    expect(await identitiesOf(ivy.id)).toEqual([]);
  });

  it('refuses an identity that is another member’s, in Account Settings', async () => {
    const p = person({ username: 'jane_idp' });
    await new FlowBrowser().signIn(s.url, p.sub);
    const ken = await createUser(s.db, { username: 'ken_pw' });
    const b = await passwordBrowser(ken);
    const to = await b.complete(await b.authorize(s.url, `${START}?link=1`, p.sub));
    expect(to).toBe('/settings?oidc=error');
    expect(await flow(b)).toEqual({
      kind: 'error',
      intent: 'link',
      message: OIDC_MSG.linkedToOther('Local ID'),
    });
    expect(await identitiesOf(ken.id)).toEqual([]);
  });

  it('a link needs a signed-in member, and the same one at the callback', async () => {
    const anonymous = new FlowBrowser();
    const res = await anonymous.get(`${s.url}${START}?link=1`);
    expect(res.status).toBe(303);
    expect(new URL(res.location!).pathname + new URL(res.location!).search).toBe(
      '/auth?oidc=error',
    );
    expect(await flow(anonymous)).toMatchObject({ message: OIDC_MSG.linkSignedOut('Local ID') });

    const lou = await createUser(s.db, { username: 'lou_pw' });
    const b = await passwordBrowser(lou);
    const callback = await b.authorize(s.url, `${START}?link=1`, person().sub);
    // Signed out at the provider's page: the link is not made to nobody.
    await b.json('POST', `${s.url}/api/logout`);
    expect(await b.complete(callback)).toBe('/settings?oidc=error');
    expect(await flow(b)).toMatchObject({ message: OIDC_MSG.linkSignedOut('Local ID') });
    expect(await identitiesOf(lou.id)).toEqual([]);
  });
});

describe('the flow’s cookie', () => {
  it('is sealed, HttpOnly and SameSite=Lax, and cancel clears it', async () => {
    const b = new FlowBrowser();
    const start = await b.request(s.url + START);
    expect(start.status).toBe(303);
    const raw = await fetch(s.url + START, { redirect: 'manual' });
    const line = raw.headers.getSetCookie().find((c) => c.startsWith('contest_oidc='))!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Max-Age=600/);
    // Nothing of the flow is readable in it.
    const state = new URL(start.location!).searchParams.get('state')!;
    expect(decodeURIComponent(b.cookie(s.url, 'contest_oidc'))).not.toContain(state);
    const cancel = await b.json('POST', `${s.url}/api/auth/oidc/cancel`);
    expect(cancel.status).toBe(200);
    expect(b.cookie(s.url, 'contest_oidc')).toBe('');
  });
});

describe('a provider that cannot be reached', () => {
  it('has no button, says so when its start is opened, and is tried again later', async () => {
    const { freePort } = await import('../helpers/serverProcess');
    const { createOidcRegistry } = await import('../../src/server/domain/accounts/oidc/providers');
    const pino = (await import('pino')).default;
    const port = await freePort();
    const registry = createOidcRegistry(
      [{ ...op.config('down', 'Down ID'), issuer: `http://127.0.0.1:${port}` }],
      {
        logger: pino({ level: 'silent' }),
        retry: { firstMs: 60_000, maxMs: 60_000, onDemandMs: 0 },
      },
    );
    await registry.settled();
    expect(registry.get('down')!.client).toBeUndefined();
    expect(registry.get('down')!.lastError).toBeTruthy();
    const saved = s.deps.oidc;
    s.deps.oidc = registry;
    try {
      const b = new FlowBrowser();
      expect((await b.json('GET', `${s.url}/api/auth/providers`)).body).toEqual([]);
      const start = await b.get(`${s.url}/api/auth/oidc/down/start`);
      expect(start.status).toBe(303);
      expect(await flow(b)).toMatchObject({ message: OIDC_MSG.unavailable('Down ID') });
      // The provider comes up on that address: the next request finds it.
      const late = await startOidcProvider({ redirectUris: [callbackFor(s.url, 'down')], port });
      try {
        expect(await registry.ready('down')).toBeDefined();
        expect((await b.json('GET', `${s.url}/api/auth/providers`)).body).toEqual([
          { id: 'down', label: 'Down ID' },
        ]);
      } finally {
        await late.stop();
      }
    } finally {
      s.deps.oidc = saved;
      registry.close();
    }
  });
});

describe('the password hash of an account made through a provider', () => {
  it('never verifies, whatever is typed', async () => {
    for (const guess of ['', NO_PASSWORD, 'no-password', '!no-password ']) {
      expect(await testPasswords.verify(guess, NO_PASSWORD)).toBe(false);
    }
  });
});

describe('GET /metrics', () => {
  it('counts sign-ins through a provider with the others, by outcome', async () => {
    const scrape = async () => {
      const text = await (
        await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      ).text();
      const count = (outcome: string) =>
        Number(
          new RegExp(`contest_sign_ins_total\\{outcome="${outcome}"\\} (\\d+)`).exec(text)?.[1] ??
            0,
        );
      return { success: count('success'), failure: count('failure') };
    };
    const before = await scrape();
    await new FlowBrowser().signIn(s.url, person().sub);
    const forged = new FlowBrowser();
    const callback = new URL(await forged.authorize(s.url, START, person().sub));
    callback.searchParams.set('state', 'forged');
    await forged.complete(callback.href);
    const after = await scrape();
    expect(after.success).toBe(before.success + 1);
    expect(after.failure).toBe(before.failure + 1);
  });
});

describe('a member with two-factor sign-in', () => {
  it('gives a code after the provider too: no session until POST /api/login/2fa', async () => {
    const carol = person({ username: 'carol_2fa_oidc' });
    const first = new FlowBrowser();
    expect(await first.signIn(s.url, carol.sub)).toBe('/');
    const row = (await userByName('carol_2fa_oidc'))!;
    const actor = { id: row.id, username: 'carol_2fa_oidc', role: row.role, ip: '127.0.0.1' };
    const { secret } = await beginSetup({ db: s.db, actor, sessionSecret: s.deps.sessionSecret });
    const recoveryCodes = await enableTwoFactor({
      db: s.db,
      actor,
      sessionId: '',
      sessionSecret: s.deps.sessionSecret,
      limits: s.deps.limits,
      code: await generate({ secret }),
    });

    const b = new FlowBrowser();
    expect(await b.signIn(s.url, carol.sub)).toBe('/auth?twoFactor=carol_2fa_oidc');
    expect((await me(b)).status).toBe(401);
    const done = await b.json('POST', `${s.url}/api/login/2fa`, {
      code: recoveryCodes[0],
      username: 'carol_2fa_oidc',
    });
    expect(done.status).toBe(200);
    expect((await me(b)).body).toMatchObject({ id: row.id });
  });
});

describe('the page to return to after signing in', () => {
  const startFor = (next: string) => `${START}?next=${encodeURIComponent(next)}`;

  it('survives the trip to the provider: a sign-in lands on it', async () => {
    const dana = person({ username: 'dana_return' });
    const b = new FlowBrowser();
    expect(await b.signIn(s.url, dana.sub, startFor('/contests/12?tab=matches'))).toBe(
      '/contests/12?tab=matches',
    );
    expect((await me(b)).body).toMatchObject({ username: 'dana_return' });
  });

  it('is carried to the follow-up form and the two-factor step on /auth', async () => {
    const taken = await createUser(s.db, { username: 'eve_return' });
    const p = person({ username: taken.username, email: 'eve.return.two@example.org' });
    const b = new FlowBrowser();
    expect(await b.signIn(s.url, p.sub, startFor('/contests/7'))).toBe(
      '/auth?oidc=username&next=%2Fcontests%2F7',
    );

    const frank = person({ username: 'frank_return_2fa' });
    expect(await new FlowBrowser().signIn(s.url, frank.sub)).toBe('/');
    const row = (await userByName('frank_return_2fa'))!;
    const actor = { id: row.id, username: 'frank_return_2fa', role: row.role, ip: '127.0.0.1' };
    const { secret } = await beginSetup({ db: s.db, actor, sessionSecret: s.deps.sessionSecret });
    await enableTwoFactor({
      db: s.db,
      actor,
      sessionId: '',
      sessionSecret: s.deps.sessionSecret,
      limits: s.deps.limits,
      code: await generate({ secret }),
    });
    expect(await new FlowBrowser().signIn(s.url, frank.sub, startFor('/contests/7'))).toBe(
      '/auth?twoFactor=frank_return_2fa&next=%2Fcontests%2F7',
    );
  });

  it.each([
    'https://evil.example/contests/12',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '/\t/evil.example',
  ])('never leaves this site for %j: the dashboard instead', async (next) => {
    const p = person({});
    const b = new FlowBrowser();
    expect(await b.signIn(s.url, p.sub, startFor(next))).toBe('/');
  });
});
