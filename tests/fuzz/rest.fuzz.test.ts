// Every row of the REST table, fuzzed over real HTTP as an anonymous client and as a signed-in
// member: odd path ids, bodies of any JSON (and some that are not), odd query strings and
// headers. No answer may be a 5xx or show a stack trace, an error name or a file path.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from '../../src/server/http/rest';
import { startTestServer, type TestServer } from '../helpers/server';
import {
  anonymous,
  bodyFor,
  checkAnswer,
  ensureSignedIn,
  member,
  oddHeaders,
  pathSegment,
  principalHeaders,
  procedures,
  queryFor,
  rawBody,
  report,
  roomyLimits,
  SEEDS,
  send,
  vocabularyOf,
} from './support';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  roomyLimits(s);
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

describe.each([anonymous(), member()])('REST as $name', (principal) => {
  restRoutes.forEach((route, index) => {
    const method = route.method.toUpperCase();
    const vocabulary = vocabularyOf(route.procedure);
    const params = route.path.match(/:\w+/g) ?? [];
    const input = fc.record({
      segments: fc.tuple(...params.map(() => pathSegment)),
      query: queryFor(vocabulary),
      body: fc.oneof(
        { weight: 5, arbitrary: bodyFor(vocabulary).map((v) => JSON.stringify(v) ?? 'null') },
        { weight: 1, arbitrary: rawBody },
      ),
      headers: oddHeaders,
    });

    it.each(SEEDS)(`${method} /api${route.path} ($label)`, async ({ seed, numRuns }) => {
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
          if (answer.setCookie) principal.dirty = true;
          checkAnswer(`${principal.name} ${method} ${path} body=${body.slice(0, 200)}`, answer);
        }),
        { seed: seed + index, numRuns },
      );
    });
  });
});
