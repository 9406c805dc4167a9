// Every tRPC procedure, fuzzed over real HTTP as an anonymous client and as a signed-in member:
// superjson envelopes with hostile meta, bare JSON, batches, malformed input and the wrong
// method. No answer may be a 5xx or show a stack trace, an error name or a file path, and no
// input may reach Object.prototype.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import {
  anonymous,
  bodyFor,
  checkAnswer,
  encode,
  ensureSignedIn,
  member,
  oddHeaders,
  principalHeaders,
  procedures,
  rawBody,
  report,
  roomyLimits,
  SEEDS,
  send,
  vocabularyOf,
} from './support';

let s: TestServer;
const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
beforeAll(async () => {
  s = await startTestServer();
  roomyLimits(s);
});
afterAll(async () => {
  report('tRPC');
  await s?.stop();
});

/** Annotations superjson knows, some our guard admits and most it must refuse. */
const annotation = fc.oneof(
  fc.constantFrom<unknown>(
    ['undefined'],
    ['Date'],
    ['number'],
    ['bigint'],
    ['set'],
    ['map'],
    ['regexp'],
    ['Error'],
    ['symbol', 's'],
    ['class', 'Nope'],
    ['custom', 'x'],
    [['custom', 'x']],
    'Date',
    [],
    null,
  ),
  fc.jsonValue({ maxDepth: 1 }),
);

function metaFor(keys: string[]) {
  const path = fc.oneof(
    ...(keys.length
      ? [fc.constantFrom(...keys), fc.constantFrom(...keys.map((k) => `${k}.x`))]
      : []),
    fc.constantFrom(
      '',
      '0',
      'a.b.c',
      '__proto__',
      '__proto__.polluted',
      'constructor.prototype.polluted',
      'json',
      'a'.repeat(600),
      'a.'.repeat(200),
    ),
    fc.string({ maxLength: 10 }),
  );
  const values = fc.oneof(annotation, fc.dictionary(path, annotation, { maxKeys: 4 }));
  const referentialEqualities = fc.oneof(
    fc.dictionary(path, fc.array(path, { maxLength: 3 }), { maxKeys: 3 }),
    fc.jsonValue({ maxDepth: 2 }),
  );
  return fc.oneof(
    fc.record(
      { values, referentialEqualities, v: fc.constantFrom<unknown>(1, 2, '1', null) },
      { requiredKeys: [] },
    ),
    fc.constantFrom<unknown>(
      { values: ['class', 'Nope'] },
      { values: ['custom', 'x'] },
      { values: { '': ['class', 'X'] } },
      { values: { __proto__: ['Date'] } },
      { referentialEqualities: { '': ['__proto__.polluted'] } },
      { referentialEqualities: ['a'] },
      { values: null },
      'meta',
      [],
    ),
    fc.jsonValue({ maxDepth: 2 }),
  );
}

const TRANSPORTS = ['plain', 'plain', 'plain', 'batch', 'batch2', 'raw', 'none', 'wrongMethod'];

// The router's own list: a new procedure joins the fuzz by existing.
const entries = Object.entries(procedures).filter(([, p]) => p._def.type !== 'subscription');

describe.each([anonymous(), member()])('tRPC as $name', (principal) => {
  entries.forEach(([name, procedure], index) => {
    const isQuery = procedure._def.type === 'query';
    const vocabulary = vocabularyOf(name);
    const json = bodyFor(vocabulary);
    const envelope = fc.oneof(
      {
        weight: 6,
        arbitrary: fc.record({ json, meta: metaFor(vocabulary.keys) }, { requiredKeys: ['json'] }),
      },
      { weight: 1, arbitrary: json },
      { weight: 1, arbitrary: fc.record({ json, extra: fc.jsonValue({ maxDepth: 1 }) }) },
    );
    const input = fc.record({
      transport: fc.constantFrom(...TRANSPORTS),
      first: envelope,
      second: envelope,
      raw: rawBody,
      headers: oddHeaders,
    });

    it.each(SEEDS)(
      `${isQuery ? 'GET' : 'POST'} /trpc/${name} ($label)`,
      async ({ seed, numRuns }) => {
        await ensureSignedIn(principal, s);
        await fc.assert(
          fc.asyncProperty(input, async ({ transport, first, second, raw, headers }) => {
            await ensureSignedIn(principal, s);
            let method = isQuery ? 'GET' : 'POST';
            if (transport === 'wrongMethod') method = isQuery ? 'POST' : 'GET';
            let path = `/trpc/${name}`;
            let payload: string | undefined = JSON.stringify(first) ?? 'null';
            if (transport === 'batch') {
              path += '?batch=1';
              payload = JSON.stringify({ 0: first });
            } else if (transport === 'batch2') {
              path = `/trpc/${name},${name}?batch=1`;
              payload = JSON.stringify({ 0: first, 1: second });
            } else if (transport === 'raw') {
              payload = raw;
            } else if (transport === 'none') {
              payload = undefined;
            }
            let body: string | undefined;
            if (method === 'GET') {
              if (payload !== undefined) {
                path += `${path.includes('?') ? '&' : '?'}input=${encode(payload)}`;
              }
            } else {
              body = payload;
            }
            const answer = await send(s.url, method, path, body, {
              ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
              ...principalHeaders(principal),
              ...headers,
            });
            if (answer.setCookie) principal.dirty = true;
            checkAnswer(
              `${principal.name} ${method} ${path.slice(0, 300)} body=${(body ?? '').slice(0, 300)}`,
              answer,
            );
          }),
          { seed: seed + 1000 + index, numRuns },
        );
      },
    );
  });
});

describe('after the tRPC fuzz', () => {
  it('fuzzed every procedure of the router, by its dotted path', () => {
    expect(entries.length).toBeGreaterThanOrEqual(20);
    for (const [name, procedure] of entries) {
      expect(name).toMatch(/^\w+\.\w+$/);
      expect(['query', 'mutation']).toContain(procedure._def.type);
    }
  });

  it('left Object.prototype as it was (no input polluted it)', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
