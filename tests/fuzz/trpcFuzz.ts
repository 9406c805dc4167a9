// Every tRPC procedure, fuzzed over real HTTP as every principal (anonymous, a member, the
// organiser of the world's contests, a moderator, an admin) on a database with one of everything
// (world.ts): superjson envelopes with hostile meta, bare JSON, batches, malformed input, the
// wrong method, and plausible inputs built from the procedure's own schema with real ids, which
// reach its body. No answer may be a 5xx or show a stack trace, an error name or a file path,
// no input may reach Object.prototype, and every procedure's body must have been reached.
// The router's procedures are dealt into two shards, one test file each (trpc.fuzz.first and
// trpc.fuzz.second), so vitest's two workers share the suite's longest work (one file had taken
// 165 s of a 269 s SQLite pass, 183 s of the PostgreSQL one).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import {
  bodyFor,
  checkAnswer,
  countReached,
  encode,
  ensureSignedIn,
  inRunOrder,
  oddHeaders,
  principalHeaders,
  PRINCIPAL_NAMES,
  principals,
  procedures,
  rawBody,
  reachedBody,
  rememberSwitches,
  report,
  restoreSwitches,
  roomyLimits,
  SEEDS,
  send,
  vocabularyOf,
} from './support';
import { plausibleInput } from './plausible';
import { buildWorld, ensureInvitation, refreshPools } from './world';

let s: TestServer;

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
const allEntries = Object.entries(procedures).filter(([, p]) => p._def.type !== 'subscription');
/** The envelopes made from plausible inputs (valid by the schema), as opposed to hostile ones. */
const validEnvelopes = new WeakSet<object>();

/**
 * Procedures whose body no generated input can reach, and why. Everything else must answer from
 * its body (a result, or a refusal of its own) to at least one input of some principal.
 */
const UNREACHABLE: Record<string, string> = {
  'education.importStatus':
    'a job exists only once importStart began one, and the fuzz gives importStart only addresses ' +
    'on 127.0.0.1 (no input may reach the network), which it refuses as a private address',
};

/**
 * The fuzz of one shard: the procedures whose place in the router's list is `shard` modulo
 * `shards` (each file starts its own server and world).
 */
export function fuzzTrpcShard(shard: number, shards: number) {
  const entries = allEntries.filter((_, i) => i % shards === shard);
  let propertiesRun = 0;
  const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
  beforeAll(async () => {
    s = await startTestServer();
    roomyLimits(s);
    await buildWorld(s);
    await rememberSwitches(s);
  });
  afterAll(async () => {
    report(`tRPC (shard ${shard + 1} of ${shards})`);
    await s?.stop();
  });

  describe.each(principals())('tRPC as $name', (principal) => {
    inRunOrder(entries).forEach(([name, procedure]) => {
      // The seed offset follows the router's order, whatever order this principal runs them in.
      const index = allEntries.findIndex(([other]) => other === name);
      const isQuery = procedure._def.type === 'query';
      const vocabulary = vocabularyOf(name);
      const json = bodyFor(vocabulary);
      const envelope = fc.oneof(
        {
          weight: 4,
          arbitrary: fc.record(
            { json, meta: metaFor(vocabulary.keys) },
            { requiredKeys: ['json'] },
          ),
        },
        { weight: 1, arbitrary: json },
        { weight: 1, arbitrary: fc.record({ json, extra: fc.jsonValue({ maxDepth: 1 }) }) },
        // Valid by the procedure's schema, with real ids: these get past validation to the body.
        {
          weight: 4,
          arbitrary: plausibleInput(name, procedure._def.inputs).map((v) => {
            const valid = { json: v };
            validEnvelopes.add(valid);
            return valid;
          }),
        },
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
          propertiesRun += 1;
          if (name === 'teams.decline' || name === 'teams.accept') {
            await ensureInvitation(s, principal.name);
          }
          await refreshPools(s, principal.name);
          await ensureSignedIn(principal, s);
          // Six inputs valid by the schema, sent plainly whatever the draws below: every body is
          // reached by the same inputs on every run, not only when the random mix favours it.
          const plausible = plausibleInput(name, procedure._def.inputs);
          for (const value of fc.sample(plausible, { seed, numRuns: 6 })) {
            await ensureSignedIn(principal, s);
            const payload = encode(JSON.stringify({ json: value }));
            const answer = isQuery
              ? await send(s.url, 'GET', `/trpc/${name}?input=${payload}`, undefined, {
                  ...principalHeaders(principal),
                })
              : await send(s.url, 'POST', `/trpc/${name}`, JSON.stringify({ json: value }), {
                  'content-type': 'application/json',
                  ...principalHeaders(principal),
                });
            if (answer.setCookie || answer.status === 401) principal.dirty = true;
            if (name.startsWith('adminSettings.')) await restoreSwitches(s);
            countReached(name, answer, true);
            checkAnswer(`${principal.name} plausible ${name} ${payload.slice(0, 300)}`, answer);
          }
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
              if (answer.setCookie || answer.status === 401) principal.dirty = true;
              // An admin's input may switch on maintenance or staff two-factor: put them back.
              if (name.startsWith('adminSettings.')) await restoreSwitches(s);
              if (method === (isQuery ? 'GET' : 'POST')) {
                const valid =
                  validEnvelopes.has(first as object) &&
                  (transport === 'plain' ||
                    transport === 'batch' ||
                    (transport === 'batch2' && validEnvelopes.has(second as object)));
                countReached(name, answer, valid);
              }
              checkAnswer(
                `${principal.name} ${method} ${path.slice(0, 300)} body=${(body ?? '').slice(0, 300)}`,
                answer,
              );
            }),
            { seed: seed + 1000 + index + 7919 * PRINCIPAL_NAMES.indexOf(principal.name), numRuns },
          );
        },
      );
    });
  });

  describe('after the tRPC fuzz', () => {
    it('fuzzed every procedure of the router, by its dotted path', () => {
      expect(allEntries.length).toBeGreaterThanOrEqual(20);
      expect(entries.length).toBeGreaterThanOrEqual(Math.floor(allEntries.length / shards) - 1);
      for (const [name, procedure] of entries) {
        expect(name).toMatch(/^\w+\.\w+$/);
        expect(['query', 'mutation']).toContain(procedure._def.type);
      }
    });

    it('reached the body of every procedure, as one principal or another', (ctx) => {
      // Only meaningful after the whole run (not under -t, which runs a few properties).
      if (propertiesRun < entries.length * PRINCIPAL_NAMES.length * SEEDS.length) ctx.skip();
      const missed = entries.map(([name]) => name).filter((name) => !reachedBody[name]);
      console.log(
        `[fuzz] procedure bodies reached: ${entries.length - missed.length} of ${entries.length}` +
          (missed.length ? `; not reached: ${missed.join(', ')}` : ''),
      );
      expect(missed.filter((name) => !UNREACHABLE[name])).toEqual([]);
      expect(Object.keys(UNREACHABLE).filter((name) => !procedures[name])).toEqual([]);
    });

    it('left Object.prototype as it was (no input polluted it)', () => {
      expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });
}
