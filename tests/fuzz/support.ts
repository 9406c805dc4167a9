// What the fuzz suites share: the fixed seed, the principals they act as, one counted request
// function, the checks every answer must pass, and generators of hostile inputs. Field names and
// enum values come from each procedure's own zod input, so new procedures are fuzzed with their
// own vocabulary without anyone listing it here.
import fc from 'fast-check';
import { expect } from 'vitest';
import type { AnyProcedure } from '@trpc/server';
import { appRouter } from '../../src/server/trpc/routers/_app';
import { createLimits } from '../../src/server/platform/limits';
import { createUser } from '../helpers/db';
import type { TestServer } from '../helpers/server';

/** Fixed, so a failure in CI is the same failure on a laptop. */
export const SEED = 20_261_123;
export const RUNS = 100;

/**
 * New on every run (printed, and taken from FUZZ_SEED when set, to replay a failure), so the
 * suites keep finding inputs the fixed seed never tries. Fewer runs: it adds breadth, not depth.
 */
export const FRESH_SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : Math.floor(Math.random() * 2 ** 31);
export const FRESH_RUNS = 30;

/** Each property runs under both: the fixed seed, then the fresh one. */
export const SEEDS = [
  { label: 'fixed seed', seed: SEED, numRuns: RUNS },
  { label: 'fresh seed', seed: FRESH_SEED, numRuns: FRESH_RUNS },
] as const;

// Typed as the nested router record, but at run time tRPC keeps it flat: 'auth.me' -> procedure.
export const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;

export interface Tally {
  sent: number;
  fiveXX: number;
  seen: string[];
  /** How many answers had each status: shows how deep the inputs got (not all 403 or 415). */
  statuses: Record<number, number>;
}
export const tally: Tally = { sent: 0, fiveXX: 0, seen: [], statuses: {} };

export interface Answer {
  status: number;
  text: string;
  setCookie: boolean;
}

/** One request, counted. Bodies are strings: the suites send malformed JSON on purpose. */
export async function send(
  base: string,
  method: string,
  path: string,
  body: string | undefined,
  headers: Record<string, string>,
): Promise<Answer> {
  tally.sent += 1;
  const res = await fetch(base + path, {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : body,
    redirect: 'manual',
  });
  const text = await res.text();
  tally.statuses[res.status] = (tally.statuses[res.status] ?? 0) + 1;
  if (res.status >= 500) {
    tally.fiveXX += 1;
    if (tally.seen.length < 20) tally.seen.push(`${res.status} ${method} ${path} ${text}`);
  }
  return { status: res.status, text, setCookie: res.headers.getSetCookie().length > 0 };
}

// A stack frame, a leaked error name or driver code, or a source file path.
const LEAKS = [
  /\n\s+at \S/,
  /"stack"\s*:/,
  /Internal server error/i,
  /SQLITE/,
  /TypeError/,
  /\/(?:work|home|root|tmp|usr|opt|var|src|node_modules)\//,
  /[A-Za-z]:\\\\/,
  /\.(?:ts|tsx|js|mjs|cjs):\d+/,
];

export function checkAnswer(label: string, answer: Answer): void {
  expect(answer.status, `${label} -> ${answer.status} ${answer.text.slice(0, 500)}`).toBeLessThan(
    500,
  );
  for (const leak of LEAKS) {
    expect(answer.text, `${label} leaks ${leak}`).not.toMatch(leak);
  }
}

/**
 * The fuzz measures crashes, not the limiter: with the product's limits the first 30 wrong
 * passwords would shut 127.0.0.1 out and every later sign-in input would stop at the limiter.
 * The limiter still runs on every input, with room to let them through.
 */
export function roomyLimits(s: TestServer): void {
  Object.assign(
    s.deps.limits,
    createLimits({
      guessesPerIp: 1_000_000,
      freeGuessesPerAccount: 1_000_000,
      signupsPerIpPerHour: 1_000_000,
      uploadsPerMinute: 1_000_000,
      contestsPerMemberPerDay: 1_000_000,
      draftsPerMember: 1_000_000,
    }),
  );
}

export interface Principal {
  name: 'anonymous' | 'member';
  cookie: string;
  /** Set when an answer changed cookies (sign-in, sign-out, sign-up): check the session again. */
  dirty: boolean;
  credentials?: { username: string; password: string };
}

export const anonymous = (): Principal => ({ name: 'anonymous', cookie: '', dirty: false });
export const member = (): Principal => ({ name: 'member', cookie: '', dirty: true });

async function signIn(s: TestServer, credentials: { username: string; password: string }) {
  const res = await fetch(`${s.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const body = (await res.json()) as { role?: string };
  if (res.status !== 200 || body.role !== 'user') return undefined;
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('contest_session='));
}

/**
 * Keeps a member principal signed in, over REST: the fuzz itself signs it out or signs up over
 * it, so a lost session is replaced by signing in again, or, when the fuzz renamed the member or
 * changed its password, by a new member.
 */
export async function ensureSignedIn(p: Principal, s: TestServer): Promise<void> {
  if (p.name === 'anonymous' || !p.dirty) return;
  if (p.cookie) {
    const me = await fetch(`${s.url}/api/user`, { headers: { cookie: p.cookie } });
    const body = (await me.json()) as { role?: string };
    if (me.status === 200 && body.role === 'user') {
      p.dirty = false;
      return;
    }
  }
  let cookie = p.credentials && (await signIn(s, p.credentials));
  if (!cookie) {
    const user = await createUser(s.db);
    p.credentials = { username: user.username, password: user.password };
    cookie = await signIn(s, p.credentials);
  }
  expect(cookie, 'a new member signs in over REST').toBeDefined();
  p.cookie = cookie!;
  p.dirty = false;
}

export function principalHeaders(p: Principal): Record<string, string> {
  return p.cookie ? { cookie: p.cookie } : {};
}

interface Vocabulary {
  keys: string[];
  literals: (string | number | boolean)[];
}

/** Field names and enum/literal values of a zod (v4) schema, walked through its wrappers. */
function collect(schema: unknown, into: Vocabulary, depth = 0): void {
  if (depth > 10 || typeof schema !== 'object' || schema === null) return;
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return;
  if (typeof def.shape === 'object' && def.shape !== null) {
    for (const [key, child] of Object.entries(def.shape)) {
      into.keys.push(key);
      collect(child, into, depth + 1);
    }
  }
  const literal = (v: unknown) => {
    if (['string', 'number', 'boolean'].includes(typeof v)) into.literals.push(v as string);
  };
  if (typeof def.entries === 'object' && def.entries !== null) {
    Object.values(def.entries).forEach(literal);
  }
  if (Array.isArray(def.values)) def.values.forEach(literal);
  for (const child of [def.innerType, def.in, def.out, def.element, def.left, def.right]) {
    collect(child, into, depth + 1);
  }
  if (Array.isArray(def.options))
    for (const option of def.options) collect(option, into, depth + 1);
}

export function vocabularyOf(procedure: string): Vocabulary {
  const into: Vocabulary = { keys: [], literals: [] };
  for (const input of procedures[procedure]?._def.inputs ?? []) collect(input, into);
  return { keys: [...new Set(into.keys)], literals: [...new Set(into.literals)] };
}

export const WEIRD_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e3',
  '1e400',
  '0x10',
  'NaN',
  'Infinity',
  '9007199254740993',
  '99999999999999999999999999',
  '%',
  '%E0%A4%A',
  '%00',
  '..',
  '../../etc/passwd',
  '\u0000',
  '\uD800',
  '\uFEFF',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'null',
  'undefined',
  '[object Object]',
  '<script>alert(1)</script>',
  'a'.repeat(300),
  '😀'.repeat(40),
  'password123',
  'secret1',
  'fuzz@example.com',
  '/uploads/0123456789abcdef0123456789abcdef.png',
  '+15550100',
  '2026-11-23T00:00:00.000Z',
];

export const weirdString = fc.oneof(
  fc.string({ maxLength: 24 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom(...WEIRD_STRINGS),
);

/** A JSON value for a field: weird strings, numbers at the edges, plausible valid values. */
function valueFor(vocabulary: Vocabulary) {
  const plausible = vocabulary.literals.length
    ? [fc.constantFrom(...vocabulary.literals)]
    : ([] as fc.Arbitrary<string | number | boolean>[]);
  return fc.oneof(
    weirdString,
    fc.integer(),
    fc.constantFrom(0, -1, 1, 2, 25, 1e21, -0, 2 ** 53, 2 ** 31, 0.5),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.jsonValue({ maxDepth: 2, depthSize: 'small' }),
    ...plausible,
  );
}

/** An object body with the procedure's own field names (and some others), or any JSON value. */
export function bodyFor(vocabulary: Vocabulary): fc.Arbitrary<unknown> {
  const key = fc.oneof(
    ...(vocabulary.keys.length ? [fc.constantFrom(...vocabulary.keys)] : []),
    fc.constantFrom('__proto__', 'constructor', 'id', 'userId'),
    fc.string({ maxLength: 8 }),
  );
  return fc.oneof(
    { weight: 4, arbitrary: fc.dictionary(key, valueFor(vocabulary), { maxKeys: 6 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3, depthSize: 'small' }) },
  );
}

/** Raw bodies no JSON encoder would write. */
export const RAW_BODIES = [
  '',
  '{',
  '{"a":',
  'null',
  '[]',
  '"text"',
  '1e999',
  '{"x":1e999}',
  '\uFEFF{}',
  '{"__proto__":{"role":"admin","isAdmin":true}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '['.repeat(3000),
  '{"a":1,"a":2}',
  'undefined',
  "{'a':1}",
  '\u0000',
];

export const rawBody = fc.oneof(fc.constantFrom(...RAW_BODIES), fc.string({ maxLength: 40 }));

/** Header variations: wrong or odd media types, encodings, cross-site markers. */
export const oddHeaders = fc.oneof(
  { weight: 6, arbitrary: fc.constant({} as Record<string, string>) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Record<string, string>>(
      { 'content-type': 'application/json; charset=utf-16' },
      { 'content-type': 'application/json; charset=bogus' },
      { 'content-type': 'application/json; charset=latin1' },
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/x-www-form-urlencoded' },
      { 'content-type': 'multipart/form-data; boundary=x' },
      { 'content-type': 'application/merge-patch+json' },
      { 'content-encoding': 'gzip' },
      { 'content-encoding': 'identity' },
      { 'content-encoding': 'br, gzip' },
      { origin: 'http://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'x-forwarded-for': '203.0.113.9' },
      { 'x-forwarded-proto': 'https' },
      { cookie: 'contest_session=garbage' },
      { cookie: `contest_session=${'A'.repeat(5000)}` },
      { cookie: 'contest_session=%E0%A4%A' },
      { accept: 'text/html' },
    ),
  },
);

/** encodeURIComponent, except that a lone surrogate is sent as U+FFFD instead of throwing. */
export function encode(value: string): string {
  return Array.from(Buffer.from(value, 'utf8'), (byte) =>
    /[A-Za-z0-9\-_.!~*'()]/.test(String.fromCharCode(byte))
      ? String.fromCharCode(byte)
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
  ).join('');
}

/** A query string: known keys and odd ones, repeated, bracketed, encoded or not. */
export function queryFor(vocabulary: Vocabulary): fc.Arbitrary<string> {
  const key = fc.oneof(
    ...(vocabulary.keys.length ? [fc.constantFrom(...vocabulary.keys)] : []),
    fc.constantFrom('page', 'pageSize', 'search', 'page[]', 'page[a]', '__proto__', 'input'),
    fc.string({ maxLength: 6 }),
  );
  const pair = fc.tuple(key, fc.oneof(weirdString, fc.integer().map(String)), fc.boolean());
  return fc
    .array(pair, { maxLength: 4 })
    .map((pairs) =>
      pairs.length
        ? '?' +
          pairs
            .map(([k, v, encoded]) => (encoded ? `${encode(k)}=${encode(v)}` : `${k}=${v}`))
            .join('&')
        : '',
    );
}

/** A path segment: usually encoded, sometimes raw (bad %-sequences and all), sometimes an id. */
export const pathSegment = fc.oneof(
  fc.nat({ max: 20 }).map(String),
  weirdString.map(encode),
  weirdString.filter((v) => !/[/?#]/.test(v)),
  fc.constantFrom('%', '%E0%A4%A', '%2F', '%2e%2e', '1%00', '1.json'),
);

/** The line the suites print: how much was sent, and how many answers were 5xx. */
export function report(suite: string): void {
  console.log(
    `[fuzz] ${suite}: ${tally.sent} inputs sent, ${tally.fiveXX} 5xx seen (seeds ${SEED} and fresh ${FRESH_SEED}; replay with FUZZ_SEED=${FRESH_SEED}; ` +
      `statuses ${JSON.stringify(tally.statuses)})` +
      (tally.seen.length ? `\n${tally.seen.join('\n')}` : ''),
  );
}
