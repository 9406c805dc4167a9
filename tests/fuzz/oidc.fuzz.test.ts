// The trips to an OpenID provider and back (GET /api/auth/oidc/:provider/start and /callback,
// Express routes outside the REST table) fuzzed over real HTTP, with a real provider configured:
// odd provider segments, odd query strings, forged or garbage flow cookies, and callbacks that
// carry this browser's own state with a forged code, error or issuer. No answer may be a 5xx or
// leak a stack, and none may sign anyone in.
import fc from 'fast-check';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/server/platform/db/schema';
import { startTestServer, type TestServer } from '../helpers/server';
import {
  callbackFor,
  FlowBrowser,
  readyRegistry,
  startOidcProvider,
  type TestOidcProvider,
} from '../helpers/oidc';
import {
  checkAnswer,
  encode,
  oddHeaders,
  pathSegment,
  queryFor,
  report,
  SEEDS,
  send,
  weirdString,
} from './support';

let s: TestServer;
let op: TestOidcProvider;
beforeAll(async () => {
  s = await startTestServer();
  op = await startOidcProvider({ redirectUris: [callbackFor(s.url)] });
  op.addUser({ sub: 'fuzz-sub', email: 'fuzz@example.org', email_verified: true });
  s.deps.oidc = await readyRegistry([op.config('local', 'Local ID')]);
});
afterAll(async () => {
  report('OpenID routes');
  s?.deps.oidc?.close();
  await op?.stop();
  await s?.stop();
});

const vocabulary = {
  keys: ['code', 'state', 'iss', 'error', 'error_description', 'link', 'session_state'],
  literals: ['access_denied', '1', 'local'],
};

async function sessionCount(): Promise<number> {
  return Number((await s.db.select({ n: count() }).from(sessions))[0]!.n);
}

describe('GET /api/auth/oidc/:provider/(start|callback)', () => {
  it.each(SEEDS)(
    'odd providers, queries, headers and cookies ($label)',
    async ({ seed, numRuns }) => {
      const before = await sessionCount();
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            step: fc.constantFrom('start', 'callback'),
            provider: fc.oneof(fc.constant('local'), pathSegment),
            query: queryFor(vocabulary),
            headers: oddHeaders,
            cookie: fc.oneof(
              fc.constant(''),
              weirdString.map((v) => `contest_oidc=${encode(v)}`),
              fc.constant(`contest_oidc=${'Fe26.2*'.repeat(20)}`),
            ),
          }),
          async ({ step, provider, query, headers, cookie }) => {
            const path = `/api/auth/oidc/${provider}/${step}${query}`;
            const answer = await send(s.url, 'GET', path, undefined, {
              ...(cookie ? { cookie } : {}),
              ...headers,
            });
            checkAnswer(`GET ${path} cookie=${cookie.slice(0, 80)}`, answer);
          },
        ),
        { seed, numRuns },
      );
      // Nothing of that signed anyone in.
      expect(await sessionCount()).toBe(before);
    },
  );

  it.each(SEEDS)(
    'callbacks with this browser’s own state and a forged rest ($label)',
    async ({ seed, numRuns }) => {
      const before = await sessionCount();
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            code: fc.oneof(weirdString, fc.constant('')),
            iss: fc.oneof(fc.constant(op.issuer), weirdString, fc.constant(undefined)),
            error: fc.oneof(fc.constant(undefined), fc.constant('access_denied'), weirdString),
            repeatState: fc.boolean(),
          }),
          async ({ code, iss, error, repeatState }) => {
            const b = new FlowBrowser();
            const start = await b.get(`${s.url}/api/auth/oidc/local/start`);
            const state = new URL(start.location!).searchParams.get('state')!;
            const params = new URLSearchParams({ state, code });
            if (iss !== undefined) params.set('iss', iss);
            if (error !== undefined) params.set('error', error);
            if (repeatState) params.append('state', 'another');
            const answer = await b.get(`${callbackFor(s.url)}?${params.toString()}`);
            checkAnswer(`callback ${params.toString().slice(0, 200)}`, {
              status: answer.status,
              text: answer.text,
              setCookie: false,
            });
            expect(answer.status).toBe(303);
            expect(new URL(answer.location!).pathname).toBe('/auth');
          },
        ),
        { seed: seed + 1, numRuns: Math.min(numRuns, 40) },
      );
      expect(await sessionCount()).toBe(before);
    },
  );
});
