// The tRPC transformer (src/server/trpc/transformer.ts): answers are superjson's own, byte for
// byte; inputs pass its guard first, which lets through what our clients send and refuses, with
// 400, the annotations that make superjson recurse.
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { transformer } from '../../src/server/trpc/transformer';

describe('the transformer', () => {
  it('writes and reads answers as superjson does', () => {
    const page = {
      users: [{ id: 1, createdAt: new Date(0), phone: undefined, score: Number.NaN }],
      total: 1,
      seen: new Set(['a']),
    };
    const wire = transformer.output.serialize(page);
    expect(JSON.stringify(wire)).toBe(JSON.stringify(superjson.serialize(page)));
    expect(transformer.output.deserialize(JSON.parse(JSON.stringify(wire)))).toStrictEqual(page);
  });

  it('reads the inputs our clients send', () => {
    const input = { from: new Date(5), note: undefined, n: 2 };
    const wire = JSON.parse(JSON.stringify(transformer.input.serialize(input))) as unknown;
    expect(transformer.input.deserialize(wire)).toStrictEqual(input);
  });

  it.each([
    { json: 1, meta: { values: ['class', 'Nope'] } },
    { json: 1, meta: { values: ['custom', 'x'] } },
    { json: { a: 1 }, meta: { values: { a: ['symbol', 's'] } } },
    { json: 1, extra: true },
    { json: 1, meta: { v: 2 } },
    'not an envelope',
  ])('refuses %j with 400 before superjson reads it', (payload) => {
    expect(() => transformer.input.deserialize(payload)).toThrow(TRPCError);
    try {
      transformer.input.deserialize(payload);
    } catch (error) {
      expect((error as TRPCError).code).toBe('BAD_REQUEST');
    }
  });
});
