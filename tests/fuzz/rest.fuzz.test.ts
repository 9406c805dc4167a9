// Every row of the REST table, fuzzed over real HTTP as every principal (anonymous, a member, the
// organiser of the world's contests, a moderator, an admin) on a database with one of everything
// (world.ts): odd path ids and real ones, bodies of any JSON (and some that are not) and bodies
// valid by the procedure's schema, odd query strings and headers. No answer may be a 5xx or show
// a stack trace, an error name or a file path.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes, type RestRoute } from '../../src/server/http/rest';
import { startTestServer, type TestServer } from '../helpers/server';
import {
  bodyFor,
  checkAnswer,
  ensureSignedIn,
  inRunOrder,
  oddHeaders,
  pathSegment,
  principalHeaders,
  PRINCIPAL_NAMES,
  principals,
  procedures,
  queryFor,
  rawBody,
  rememberSwitches,
  report,
  restoreSwitches,
  roomyLimits,
  SEEDS,
  send,
  vocabularyOf,
} from './support';
import { plausibleInput, realSegment } from './plausible';
import { buildWorld, refreshPools } from './world';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  roomyLimits(s);
  await buildWorld(s);
  await rememberSwitches(s);
});
afterAll(async () => {
  report('REST');
  await s?.stop();
});

describe('the REST table', () => {
  it('names only real procedures (their inputs give the fuzz its field names)', () => {
    for (const route of restRoutes) expect(procedures[route.procedure], route.path).toBeDefined();
  });
});

// Each row by its path and method: the run order moves the rows of destructive procedures last.
const rows = restRoutes.map((route) => [route.procedure, route] as [string, RestRoute]);

describe.each(principals())('REST as $name', (principal) => {
  inRunOrder(rows).forEach(([, route]) => {
    const index = restRoutes.indexOf(route);
    const method = route.method.toUpperCase();
    const vocabulary = vocabularyOf(route.procedure);
    const params = route.path.match(/:\w+/g) ?? [];
    const input = fc.record({
      segments: fc.tuple(
        ...params.map((param) => {
          const real = realSegment(route.path, param);
          return real ? fc.oneof({ weight: 3, arbitrary: real }, pathSegment) : pathSegment;
        }),
      ),
      query: queryFor(vocabulary),
      body: fc.oneof(
        { weight: 3, arbitrary: bodyFor(vocabulary).map((v) => JSON.stringify(v) ?? 'null') },
        { weight: 1, arbitrary: rawBody },
        // Valid by the procedure's schema, with real ids: these get past validation to the body.
        {
          weight: 3,
          arbitrary: plausibleInput(route.procedure, procedures[route.procedure]!._def.inputs).map(
            (v) => JSON.stringify(v) ?? 'null',
          ),
        },
      ),
      headers: oddHeaders,
    });

    it.each(SEEDS)(`${method} /api${route.path} ($label)`, async ({ seed, numRuns }) => {
      await refreshPools(s, principal.name);
      await ensureSignedIn(principal, s);
      await fc.assert(
        fc.asyncProperty(input, async ({ segments, query, body, headers }) => {
          await ensureSignedIn(principal, s);
          let i = 0;
          // A row that answers only for some query values (?admin=true) gets them, then the rest.
          const fixed = route.query ? new URLSearchParams(route.query).toString() : '';
          const search = fixed ? `?${fixed}${query ? `&${query.slice(1)}` : ''}` : query;
          const path = '/api' + route.path.replace(/:\w+/g, () => segments[i++]!) + search;
          const answer = await send(s.url, method, path, body, {
            'content-type': 'application/json',
            ...principalHeaders(principal),
            ...headers,
          });
          if (answer.setCookie || answer.status === 401) principal.dirty = true;
          // An admin's input may switch on maintenance or staff two-factor: put them back.
          if (route.procedure.startsWith('adminSettings.')) await restoreSwitches(s);
          checkAnswer(`${principal.name} ${method} ${path} body=${body.slice(0, 200)}`, answer);
        }),
        { seed: seed + index + 7919 * PRINCIPAL_NAMES.indexOf(principal.name), numRuns },
      );
    });
  });
});
