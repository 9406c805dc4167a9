// How every procedure of the router is called: tRPC 11.19's own procedure caller, with two costs
// of its build taken out (issue 17; @trpc/* is pinned to exactly 11.19.0, so this follows that
// version's `createProcedureCaller` line for line and is checked by the whole suite, every call
// of which goes through it).
//
// 1. tRPC copies the call's options at each middleware level with a transpiled object-spread
//    helper (Object.keys, a symbols scan and a defineProperty per key, four copies per level):
//    about a tenth of a cheap query's time. Native spreads do the same copies several times
//    faster.
// 2. tRPC checks inputs and outputs with zod's parseAsync, which skips zod 4's compiled object
//    check (zod compiles an object schema's check only for synchronous parsing). Our schemas are
//    synchronous; each is parsed with parse(), and with parseAsync only if zod says it must be.
//    The two checks are tRPC's own (createInputMiddleware, createOutputMiddleware) with native
//    spreads, awaiting only what is asynchronous.
//
// Installed once on the router (routers/_app.ts), so tRPC's adapter, its callers, the lean
// paths and the REST table all call procedures this way.
import { z } from 'zod';
import {
  getParseFn,
  getTRPCErrorFromUnknown,
  middlewareMarker,
  TRPCError,
  type AnyProcedure,
  type AnyRouter,
} from '@trpc/server/unstable-core-do-not-import';

type Middleware = (opts: Record<string, unknown>) => Promise<MiddlewareResult>;
type MiddlewareResult =
  | { ok: true; data: unknown; marker: string; ctx?: unknown }
  | { ok: false; error: Error; marker: string };
type Parser = Parameters<typeof getParseFn>[0];

interface ProcedureDef {
  middlewares: (Middleware & { _type?: string })[];
  inputs: Parser[];
  output?: Parser;
  meta?: unknown;
  caller?: unknown;
  type: string;
}

const CALLED_WRONGLY = `
This is a client-only function.
If you want to call this function on the server, see https://trpc.io/docs/v11/server/server-side-calls
`.trim();

/** A zod schema parsed synchronously (its compiled check), async only when it has to be. */
export function syncFirstParse(parser: Parser): (value: unknown) => unknown {
  if (!(parser instanceof z.ZodType)) return getParseFn(parser);
  const schema = parser;
  return (value) => {
    try {
      return schema.parse(value);
    } catch (error) {
      if (error instanceof z.core.$ZodAsyncError) return schema.parseAsync(value);
      throw error;
    }
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && !Array.isArray(value) && typeof value === 'object';

/**
 * tRPC's input check (createInputMiddleware), awaiting the parse only when it is asynchronous
 * (each await is a turn of the microtask queue).
 */
function inputCheck(parse: (value: unknown) => unknown): Middleware {
  return async function inputValidatorMiddleware(opts) {
    const raw = await (opts.getRawInput as () => Promise<unknown>)();
    let parsed: unknown;
    try {
      parsed = parse(raw);
      if (parsed instanceof Promise) parsed = await parsed;
    } catch (cause) {
      throw new TRPCError({ code: 'BAD_REQUEST', cause });
    }
    const input = isObject(opts.input) && isObject(parsed) ? { ...opts.input, ...parsed } : parsed;
    return (opts.next as (o: { input: unknown }) => Promise<MiddlewareResult>)({ input });
  };
}

/** tRPC's output check (createOutputMiddleware), likewise. */
function outputCheck(parse: (value: unknown) => unknown): Middleware {
  return async function outputValidatorMiddleware(opts) {
    const result = await (opts.next as () => Promise<MiddlewareResult>)();
    if (!result.ok) return result;
    try {
      let data = parse(result.data);
      if (data instanceof Promise) data = (await data) as unknown;
      return { ...result, data };
    } catch (cause) {
      throw new TRPCError({
        message: 'Output validation failed',
        code: 'INTERNAL_SERVER_ERROR',
        cause,
      });
    }
  };
}

/**
 * The procedure's middlewares with its input and output checks parsing synchronously first. The
 * i-th input check is made from the i-th input parser, as tRPC's builder made it.
 */
function withSyncChecks(def: ProcedureDef): ProcedureDef['middlewares'] {
  const inputChecks = def.middlewares.filter((m) => m._type === 'input').length;
  const outputChecks = def.middlewares.filter((m) => m._type === 'output').length;
  // Anything unexpected keeps tRPC's own checks rather than guessing.
  if (inputChecks !== def.inputs.length || outputChecks > (def.output ? 1 : 0)) {
    return def.middlewares;
  }
  let input = 0;
  return def.middlewares.map((middleware) => {
    if (middleware._type === 'input') return inputCheck(syncFirstParse(def.inputs[input++]!));
    if (middleware._type === 'output') return outputCheck(syncFirstParse(def.output!));
    return middleware;
  });
}

/**
 * tRPC's callRecursive. `opts` always holds every key the copies below set (input, ctx,
 * getRawInput), and the middleware's options are laid out before the spread: Node 20's V8 adds a
 * key to an object made by a spread at about half a microsecond each (measured), several times
 * what the whole copy costs otherwise.
 */
async function callFrom(
  middlewares: Middleware[],
  index: number,
  meta: unknown,
  opts: Record<string, unknown> & { input: unknown },
): Promise<MiddlewareResult> {
  try {
    const call: Record<string, unknown> = { meta: undefined, next: undefined, ...opts };
    call.meta = meta;
    call.input = opts.input;
    call.next = (nextOpts?: { ctx?: object; input?: unknown; getRawInput?: unknown }) => {
      const following = { ...opts };
      following.ctx = nextOpts?.ctx ? { ...(opts.ctx as object), ...nextOpts.ctx } : opts.ctx;
      following.input = nextOpts && 'input' in nextOpts ? nextOpts.input : opts.input;
      following.getRawInput = nextOpts?.getRawInput ?? opts.getRawInput;
      return callFrom(middlewares, index + 1, meta, following);
    };
    return await middlewares[index]!(call);
  } catch (cause) {
    return { ok: false, error: getTRPCErrorFromUnknown(cause), marker: middlewareMarker };
  }
}

/** tRPC's procedure caller for one procedure, as createProcedureCaller builds it. */
function leanProcedure(original: AnyProcedure): AnyProcedure {
  const def = original._def as unknown as ProcedureDef;
  const middlewares = withSyncChecks(def);
  const meta = def.meta;
  async function procedure(opts: Record<string, unknown>): Promise<unknown> {
    if (!opts || !('getRawInput' in opts)) throw new Error(CALLED_WRONGLY);
    const result = await callFrom(middlewares, 0, meta, {
      input: undefined,
      ctx: undefined,
      ...opts,
    });
    if (!result) {
      throw new TRPCError({
        code: 'INTERNAL_SERVER_ERROR',
        message: 'No result from middlewares - did you forget to `return next()`?',
      });
    }
    if (!result.ok) throw result.error;
    return result.data;
  }
  return Object.assign(procedure, {
    _def: original._def,
    procedure: true,
    meta: (original as unknown as { meta?: unknown }).meta,
  }) as unknown as AnyProcedure;
}

/**
 * Puts the lean caller in place of every procedure of `router` (its flat table and its nested
 * record, which tRPC's lookups read). A procedure with a caller override keeps tRPC's.
 */
export function installLeanCalls(router: AnyRouter): void {
  const procedures = router._def.procedures as Record<string, AnyProcedure>;
  const replaced = new Map<AnyProcedure, AnyProcedure>();
  for (const [path, original] of Object.entries(procedures)) {
    if ((original._def as unknown as ProcedureDef).caller) continue;
    const lean = leanProcedure(original);
    replaced.set(original, lean);
    procedures[path] = lean;
  }
  const walk = (record: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(record)) {
      const lean = replaced.get(value as AnyProcedure);
      if (lean) record[key] = lean;
      else if (value && typeof value === 'object') walk(value as Record<string, unknown>);
    }
  };
  walk(router._def.record as Record<string, unknown>);
}
