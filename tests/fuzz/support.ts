// What the fuzz suites share: the fixed seed, the principals they act as, one counted request
// function, the checks every answer must pass, and generators of hostile inputs. Field names and
// enum values come from each procedure's own zod input, so new procedures are fuzzed with their
// own vocabulary without anyone listing it here.
import fc from 'fast-check';
import { expect } from 'vitest';
import type { AnyProcedure } from '@trpc/server';
import { appRouter } from '../../src/server/trpc/routers/_app';
import { createLimits } from '../../src/server/platform/limits';
import { getPlatformSettings, savePlatformSettings } from '../../src/server/domain/settings';
import type { TPlatformSettings } from '../../src/shared/schemas/settings';
import { TWO_FACTOR_SETUP_REQUIRED } from '../../src/shared/twoFactor';
import { sessionCookie } from '../helpers/accounts';
import { createUser } from '../helpers/db';
import type { TestServer } from '../helpers/server';
import { accountIntact, ROLE_OF, world, type PrincipalName } from './world';

/** Fixed, so a failure in CI is the same failure on a laptop. */
export const SEED = 20_261_123;
export const RUNS = 10;

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
  name: PrincipalName;
  cookie: string;
  /** Set when an answer may have changed the session (a cookie set, a 401): check it again. */
  dirty: boolean;
}

/**
 * Every principal, in the order the suites run them: whoever can destroy the others' state runs
 * after them (the admin deletes, bans and demotes accounts, switches maintenance on), and the
 * procedures that end a principal's own state run last within each (DESTRUCTIVE_LAST).
 */
export const PRINCIPAL_NAMES: PrincipalName[] = [
  'anonymous',
  'member',
  'organiser',
  'moderator',
  'admin',
];
export const principals = (): Principal[] =>
  PRINCIPAL_NAMES.map((name) => ({ name, cookie: '', dirty: name !== 'anonymous' }));

/**
 * Procedures that remove or change what later inputs need (the caller's team, contest entry,
 * sessions or account; other accounts; the education items; the platform's switches): each
 * principal fuzzes them after everything else, so the rest meet the world whole.
 */
export const DESTRUCTIVE_LAST = [
  // Accepting an invitation uses it up: declining it is fuzzed first.
  'teams.accept',
  'teams.leave',
  'teams.removeMember',
  'teams.transferCaptain',
  // The player list: dropping, removing or disqualifying players and starting a contest early
  // take entries and open registrations from the inputs after them.
  'roster.processCheckIns',
  'roster.remove',
  'roster.disqualify',
  'roster.startNow',
  'participation.leave',
  'checkIn.undo',
  'education.delete',
  'account.endOtherSessions',
  'account.changePassword',
  'twoFactor.reset',
  'adminDemo.remove',
  'adminUsers.setPassword',
  'adminUsers.update',
  'adminUsers.ban',
  'adminUsers.delete',
  'adminSettings.updatePayments',
  'adminSettings.update',
];

/** The router's order, with DESTRUCTIVE_LAST moved to the end in that list's order. */
export function inRunOrder<T>(entries: [string, T][]): [string, T][] {
  const rank = (name: string) => DESTRUCTIVE_LAST.indexOf(name);
  return [
    ...entries.filter(([name]) => rank(name) < 0),
    ...entries.filter(([name]) => rank(name) >= 0).sort(([a], [b]) => rank(a) - rank(b)),
  ];
}

/** The platform switches as the world was built with them (maintenance off, no staff 2FA). */
let switchesAtStart: TPlatformSettings | undefined;
export async function rememberSwitches(s: TestServer): Promise<void> {
  switchesAtStart = await getPlatformSettings({ db: s.db });
}
/**
 * Puts the platform switches back after an admin input changed them: maintenance, staff
 * two-factor or a limit of 1 would otherwise stop every later input before its body.
 */
export async function restoreSwitches(s: TestServer): Promise<void> {
  if (switchesAtStart) await savePlatformSettings({ db: s.db, value: switchesAtStart });
}

/**
 * Keeps a principal signed in as its account with its role: the fuzz signs it out, ends its
 * sessions, changes its password, and the admin's fuzz deletes, bans or demotes accounts. A lost
 * session gets a new one; an account that is gone or changed is replaced by a new one with the
 * same role (the organiser's contests stay with the old one: the admin runs last).
 */
export async function ensureSignedIn(p: Principal, s: TestServer): Promise<void> {
  if (p.name === 'anonymous' || !p.dirty) return;
  const role = ROLE_OF[p.name];
  if (p.cookie) {
    const me = await fetch(`${s.url}/api/user`, { headers: { cookie: p.cookie } });
    const body = (await me.json()) as { role?: string; mustChangePassword?: boolean };
    if (me.status === 200 && body.role === role && !body.mustChangePassword) {
      p.dirty = false;
      return;
    }
  }
  let account = world.accounts[p.name];
  if (!(await accountIntact(s, account))) {
    account = await createUser(s.db, { role });
    world.accounts[p.name] = account;
  }
  p.cookie = await sessionCookie(s, account.id);
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

/**
 * Per procedure, how many answers came from its body: a result, or a refusal the body made
 * (a conflict, a closed window, a rule's reason). Not counted: the access check's 401 and 403,
 * not found, validation of the input (an answer with issues), malformed requests, 405, 415.
 */
export const reachedBody: Record<string, number> = {};

/** Codes only the gate, the adapter or a missing row give: never proof that the body ran. */
const NOT_THE_BODY = new Set([
  'UNAUTHORIZED',
  'NOT_FOUND',
  'PARSE_ERROR',
  'METHOD_NOT_SUPPORTED',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_SERVER_ERROR',
]);
/** A reason the gate itself gives (staff without two-factor). */
const GATE_REASONS = new Set([TWO_FACTOR_SETUP_REQUIRED]);

interface TrpcError {
  data?: { code?: string; issues?: unknown[]; reason?: string };
}

function fromTheBody(item: unknown, valid: boolean): boolean {
  if (typeof item !== 'object' || item === null) return false;
  if ('result' in item) return true;
  const error = (item as { error?: { json?: TrpcError } }).error?.json;
  const code = error?.data?.code;
  if (!code || NOT_THE_BODY.has(code) || error.data?.issues?.length) return false;
  const reason = error.data?.reason;
  // 403 and 400 are the gate's and the parser's unless the body gave a reason of its own.
  if (code === 'BAD_REQUEST' && valid) return true;
  if (code === 'FORBIDDEN' || code === 'BAD_REQUEST') {
    return !!reason && !GATE_REASONS.has(reason);
  }
  return true;
}

/**
 * Counts a tRPC answer for `procedure` (one call or a batch of it) toward reachedBody. For an
 * input valid by the procedure's schema (`valid`), a 400 without issues is the body's own
 * refusal too (the parser and the superjson guard answer only to malformed envelopes).
 */
export function countReached(procedure: string, answer: Answer, valid: boolean): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    return;
  }
  const items = Array.isArray(parsed) ? parsed : [parsed];
  const hits = items.filter((item) => fromTheBody(item, valid)).length;
  if (hits) reachedBody[procedure] = (reachedBody[procedure] ?? 0) + hits;
}
