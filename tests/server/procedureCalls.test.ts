// The lean procedure caller (src/server/trpc/procedureCalls.ts) against tRPC's own: the same
// results, context, inputs and errors for the same calls, on a router with every middleware
// shape tRPC allows (context added by a middleware, chained inputs, outputs that fail, async
// refinements), and the app's router calling every procedure through it.
import { initTRPC, TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installLeanCalls, syncFirstParse } from '../../src/server/trpc/procedureCalls';
import { appRouter } from '../../src/server/trpc/routers/_app';

function makeRouter() {
  const t = initTRPC.context<{ who: string }>().create();
  const seen: unknown[] = [];
  const addRole = t.middleware(({ ctx, next }) => next({ ctx: { role: `${ctx.who}-role` } }));
  const base = t.procedure.use(addRole);
  const router = t.router({
    echo: base
      .input(z.object({ a: z.number() }))
      .input(z.object({ b: z.string().default('b') }))
      .output(z.object({ sum: z.string(), role: z.string() }))
      .query(({ input, ctx }) => ({ sum: `${input.a}${input.b}`, role: ctx.role, extra: 1 })),
    badOutput: base.output(z.object({ n: z.number() })).query(() => ({ n: 'x' }) as never),
    asyncCheck: base
      .input(z.string().refine(async (s) => s.length > 2, 'too short'))
      .query(({ input }) => input.toUpperCase()),
    refuses: base.mutation(() => {
      throw new TRPCError({ code: 'CONFLICT', message: 'taken' });
    }),
    rawInput: base
      .use(async ({ getRawInput, next }) => {
        seen.push(await getRawInput());
        return next({ input: { replaced: true } });
      })
      .query(({ input }) => input),
    nested: t.router({ deep: base.query(({ ctx }) => ctx) }),
  });
  return { t, router, seen };
}

async function outcome(run: () => Promise<unknown>) {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    const e = error as TRPCError;
    return {
      ok: false,
      name: e.name,
      code: e.code,
      message: e.message,
      cause: (e.cause as { issues?: unknown } | undefined)?.issues ?? e.cause?.message,
    };
  }
}

describe('the lean procedure caller', () => {
  it('answers every call as tRPC 11.19 does', async () => {
    const theirs = makeRouter();
    const ours = makeRouter();
    installLeanCalls(ours.router);
    const callTheirs = theirs.t.createCallerFactory(theirs.router)({ who: 'ann' });
    const callOurs = ours.t.createCallerFactory(ours.router)({ who: 'ann' });
    const calls: [string, (c: typeof callOurs) => Promise<unknown>][] = [
      ['echo', (c) => c.echo({ a: 1 } as never)],
      ['echo with b', (c) => c.echo({ a: 2, b: 'z' } as never)],
      ['echo bad input', (c) => c.echo({ a: 'no' } as never)],
      ['bad output', (c) => c.badOutput()],
      ['async check passes', (c) => c.asyncCheck('abcd')],
      ['async check fails', (c) => c.asyncCheck('a')],
      ['refuses', (c) => c.refuses()],
      ['raw input', (c) => c.rawInput({ given: 1 } as never)],
      ['nested', (c) => c.nested.deep()],
    ];
    for (const [name, call] of calls) {
      const [a, b] = [
        await outcome(() => call(callTheirs as never)),
        await outcome(() => call(callOurs)),
      ];
      expect(b, name).toStrictEqual(a);
    }
    expect(ours.seen).toStrictEqual(theirs.seen);
    // What the assertions above compare is real: a few of the outcomes spelled out.
    expect(await outcome(() => callOurs.echo({ a: 1 } as never))).toStrictEqual({
      ok: true,
      value: { sum: '1b', role: 'ann-role' },
    });
    expect(await outcome(() => callOurs.badOutput())).toMatchObject({
      ok: false,
      code: 'INTERNAL_SERVER_ERROR',
      message: 'Output validation failed',
    });
    expect(await outcome(() => callOurs.asyncCheck('a'))).toMatchObject({
      ok: false,
      code: 'BAD_REQUEST',
    });
    expect(await outcome(() => callOurs.asyncCheck('abcd'))).toStrictEqual({
      ok: true,
      value: 'ABCD',
    });
  });

  it('parses synchronously first and asynchronously only when a schema needs it', async () => {
    const plain = syncFirstParse(z.object({ n: z.number() }));
    expect(plain({ n: 1, dropped: true })).toStrictEqual({ n: 1 });
    expect(() => plain({ n: 'x' })).toThrow(z.ZodError);
    const needsAsync = syncFirstParse(z.number().refine(async (n) => n > 0));
    await expect(needsAsync(1)).resolves.toBe(1);
    await expect(needsAsync(-1)).rejects.toThrow(z.ZodError);
  });

  it('is in front of every procedure of the app, in its table and its nested record', () => {
    const procedures = Object.entries(appRouter._def.procedures as Record<string, unknown>);
    expect(procedures.length).toBeGreaterThan(100);
    for (const [path, procedure] of procedures) {
      expect((procedure as { name: string }).name, path).toBe('procedure');
      expect(String(procedure), path).toContain('callFrom');
      const record = path
        .split('.')
        .reduce<unknown>(
          (node, key) => (node as Record<string, unknown>)[key],
          appRouter._def.record,
        );
      expect(record, path).toBe(procedure);
    }
  });
});
