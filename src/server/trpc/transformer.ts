// superjson for tRPC, with the request side guarded. superjson trusts the `meta` a client sends:
// `{"values":["class","Nope"]}` (or "custom", "symbol") makes it recurse until the stack
// overflows, costing tens of milliseconds of the only thread per request. Our inputs only ever
// carry undefined, Date and special numbers, so any other annotation, an unexpected key or a
// shape superjson itself never produces is refused with 400 before deserialising. Answers are
// written by superjson itself (the output side), through its public serialize/deserialize only.
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

export const transformer = {
  input: {
    serialize: (value: unknown) => superjson.serialize(value),
    deserialize: (payload: unknown) => {
      checkSuperjsonEnvelope(payload);
      return superjson.deserialize(payload as Parameters<typeof superjson.deserialize>[0]);
    },
  },
  // What procedures return: superjson's own writer and reader, untouched.
  output: superjson,
};
