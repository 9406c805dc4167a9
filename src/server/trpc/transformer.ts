// superjson for tRPC, with the request side guarded. superjson trusts the `meta` a client sends:
// `{"values":["class","Nope"]}` (or "custom", "symbol") makes it recurse until the stack
// overflows, costing tens of milliseconds of the only thread per request. Our inputs only ever
// carry undefined, Date and special numbers, so any other annotation, an unexpected key or a
// shape superjson itself never produces is refused with 400 before deserialising.
import { TRPCError } from '@trpc/server';
import superjson from 'superjson';

const ALLOWED_ANNOTATIONS = new Set(['undefined', 'Date', 'number']);
const MAX_ENTRIES = 1000;
const MAX_PATH = 500;

function bad(): never {
  throw new TRPCError({ code: 'BAD_REQUEST', message: 'Malformed request input' });
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `["undefined"]`-style leaves, keyed by path: the only form our clients send. */
function checkValues(values: unknown): void {
  const leaf = (v: unknown) =>
    Array.isArray(v) && v.length === 1 && typeof v[0] === 'string' && ALLOWED_ANNOTATIONS.has(v[0]);
  if (leaf(values)) return;
  if (!isRecord(values)) bad();
  const entries = Object.entries(values);
  if (entries.length > MAX_ENTRIES) bad();
  for (const [path, annotation] of entries) {
    if (path.length > MAX_PATH || !leaf(annotation)) bad();
  }
}

function checkReferentialEqualities(refs: unknown): void {
  if (!isRecord(refs)) bad();
  const entries = Object.entries(refs);
  if (entries.length > MAX_ENTRIES) bad();
  for (const [path, targets] of entries) {
    if (path.length > MAX_PATH || !Array.isArray(targets) || targets.length > MAX_ENTRIES) bad();
    if (!targets.every((t) => typeof t === 'string' && t.length <= MAX_PATH)) bad();
  }
}

export function checkSuperjsonEnvelope(payload: unknown): void {
  if (!isRecord(payload)) bad();
  for (const key of Object.keys(payload)) if (key !== 'json' && key !== 'meta') bad();
  const meta = payload.meta;
  if (meta === undefined) return;
  if (!isRecord(meta)) bad();
  for (const [key, value] of Object.entries(meta)) {
    if (key === 'values') checkValues(value);
    else if (key === 'referentialEqualities') checkReferentialEqualities(value);
    else if (key === 'v') {
      if (value !== 1) bad();
    } else bad();
  }
}

/** Marks a value the quick walk below leaves to superjson. */
const UNUSUAL = Symbol('unusual');

// Keys superjson escapes in its paths ('.' and '\\') or refuses (prototype pollution): left to it.
const isPlainKey = (key: string) =>
  !key.includes('.') &&
  !key.includes('\\') &&
  key !== '__proto__' &&
  key !== 'constructor' &&
  key !== 'prototype';

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** A container's annotations: [path below it, type] in superjson's order. */
type Entries = [string, [string]][];

/**
 * The annotations of the value walk last returned, as superjson's walker returns them beside
 * each value: one type for a leaf, a container's list of paths, none when nothing is annotated.
 * Built level by level as superjson does, so the paths come in its order: superjson keeps a
 * level's paths in an object, where JavaScript puts the integer keys (the array indexes of
 * annotated leaves) first; a list in that order costs no object per level.
 */
let annotated: [string] | Entries | undefined;
/** Whether the walk met undefined, which superjson writes as null and JSON.stringify drops. */
let needsCopy = false;

/** An integer key as JavaScript orders object keys (an array index). */
const isIndexKey = (key: string) =>
  /^(?:0|[1-9][0-9]{0,9})$/.test(key) && Number(key) < 2 ** 32 - 1;

/** A container's annotations so far: its annotated leaves with integer keys, then the rest. */
interface Noted {
  head?: Entries;
  tail?: Entries;
}

/** Files the child's annotations (in `annotated`) under `key` in its container's lists. */
function note(noted: Noted, key: string, index: boolean): void {
  const child = annotated;
  if (!child) return;
  if (typeof child[0] === 'string') {
    const entry: [string, [string]] = [key, child as [string]];
    if (index || isIndexKey(key)) (noted.head ??= []).push(entry);
    else (noted.tail ??= []).push(entry);
    return;
  }
  const tail = (noted.tail ??= []);
  for (const [path, type] of child as Entries) tail.push([`${key}.${path}`, type]);
}

/** The container's list: integer-keyed leaves first, as superjson's object has them. */
function listOf(noted: Noted): Entries | undefined {
  const { head, tail } = noted;
  return head && tail ? head.concat(tail) : (head ?? tail);
}

/**
 * The value's JSON part as superjson writes it, and its annotations in `annotated`; UNUSUAL for
 * anything superjson should write itself. With `copy` false nothing is copied and the value
 * itself comes back: JSON.stringify writes it as the copy would be written (a date by its
 * toISOString), unless the walk says it `needsCopy`.
 */
function walk(value: unknown, seen: Set<object>, copy: boolean): unknown {
  annotated = undefined;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      // NaN, the infinities and -0 carry an annotation of their own: left to superjson.
      return Number.isFinite(value) && !Object.is(value, -0) ? value : UNUSUAL;
    case 'undefined':
      annotated = ['undefined'];
      needsCopy = true;
      return null;
    case 'object':
      break;
    default:
      return UNUSUAL;
  }
  if (value === null) return null;
  // The same object twice is a referential equality in superjson's meta: left to it.
  if (seen.has(value)) return UNUSUAL;
  seen.add(value);
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return UNUSUAL;
    annotated = ['Date'];
    return copy ? value.toISOString() : value;
  }
  const noted: Noted = {};
  if (Array.isArray(value)) {
    const out = copy ? new Array<unknown>(value.length) : undefined;
    for (let i = 0; i < value.length; i += 1) {
      const item = walk(value[i], seen, copy);
      if (item === UNUSUAL) return UNUSUAL;
      if (out) out[i] = item;
      if (annotated) note(noted, String(i), true);
    }
    annotated = listOf(noted);
    return out ?? value;
  }
  if (!isPlainObject(value)) return UNUSUAL;
  const out: Record<string, unknown> | undefined = copy ? {} : undefined;
  for (const key of Object.keys(value)) {
    if (!isPlainKey(key)) return UNUSUAL;
    const item = walk(value[key], seen, copy);
    if (item === UNUSUAL) return UNUSUAL;
    if (out) out[key] = item;
    if (annotated) note(noted, key, false);
  }
  annotated = listOf(noted);
  return out ?? value;
}

/**
 * superjson's serialize, the same JSON to the byte, for what procedures return: plain objects
 * and arrays of strings, finite numbers, booleans, null, undefined and dates. superjson's own
 * walk records every object's identity and path on the way, which made it a sixth of the time of
 * a 25-row list; anything else (a Map, a class, NaN, an object met twice) goes to superjson.
 * The value is copied only when it must be (needsCopy): otherwise it is its own JSON part, dates
 * and all, which is what it is for: the answer is JSON.stringify'd (a tenth of a 25-row list's
 * time went to copying it).
 */
export function serializeOutput(value: unknown): ReturnType<typeof superjson.serialize> {
  if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    needsCopy = false;
    let json = walk(value, new Set(), false);
    if (json !== UNUSUAL && needsCopy) json = walk(value, new Set(), true);
    const list = annotated as Entries | undefined;
    annotated = undefined;
    if (json !== UNUSUAL) {
      if (!list) return { json: json as never };
      const values: Record<string, [string]> = {};
      for (const [path, type] of list) values[path] = type;
      return { json: json as never, meta: { values: values as never, v: 1 } };
    }
  }
  return superjson.serialize(value);
}

export const transformer = {
  input: {
    serialize: (value: unknown) => superjson.serialize(value),
    deserialize: (payload: unknown) => {
      checkSuperjsonEnvelope(payload);
      return superjson.deserialize(payload as Parameters<typeof superjson.deserialize>[0]);
    },
  },
  output: {
    serialize: serializeOutput,
    deserialize: (payload: unknown) =>
      superjson.deserialize(payload as Parameters<typeof superjson.deserialize>[0]),
  },
};
