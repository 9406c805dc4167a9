// The quick output serializer (src/server/trpc/transformer.ts) against superjson itself: for any
// value, the same JSON (so the same bytes on the wire and the same value in the browser), and the
// values it leaves to superjson still come out as superjson writes them. Its output may hold the
// procedure's own dates where superjson has their ISO strings: it is only ever JSON.stringify'd.
import fc from 'fast-check';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { serializeOutput } from '../../src/server/trpc/transformer';

const wire = (value: unknown) =>
  JSON.parse(JSON.stringify(value)) as ReturnType<typeof superjson.serialize>;

const same = (value: unknown) => {
  const ours = serializeOutput(value);
  const theirs = superjson.serialize(value);
  expect(JSON.stringify(ours)).toBe(JSON.stringify(theirs));
  expect(wire(ours)).toStrictEqual(wire(theirs));
  expect(superjson.deserialize(wire(ours))).toStrictEqual(superjson.deserialize(wire(theirs)));
};

// What procedures return (rows, pages, nested objects with dates and optional fields), plus the
// shapes the quick walk hands over: special numbers, keys with dots, maps, sets, class instances.
const leaf = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.date({ noInvalidDate: false }),
  fc.bigInt(),
);
const key = fc.oneof(
  fc.constantFrom('id', 'name', 'createdAt', 'items', 'total', 'a.b', 'x\\y'),
  fc.string({ maxLength: 6 }),
);
const value = fc.letrec((tie) => ({
  tree: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object'), tie('other')),
  array: fc.array(tie('tree'), { maxLength: 5 }),
  object: fc.dictionary(key, tie('tree'), { maxKeys: 5 }),
  other: fc.oneof(
    fc.array(tie('tree'), { maxLength: 3 }).map((items) => new Set(items)),
    fc
      .array(fc.tuple(fc.string({ maxLength: 3 }), tie('tree')), { maxLength: 3 })
      .map((entries) => new Map(entries)),
  ),
}));

describe('serializeOutput', () => {
  it('writes what superjson writes, for any value', () => {
    fc.assert(
      fc.property(value.tree, (v) => {
        same(v);
      }),
      { numRuns: 2000 },
    );
  });

  it('writes a page of rows with dates and optional fields as superjson does', () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({
      id: i + 1,
      username: `member${i}`,
      role: 'user',
      createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      lastLoginAt: i % 2 ? new Date(Date.UTC(2026, 5, 1)) : null,
      phone: i % 3 ? undefined : '+1 555 0100',
    }));
    same({ users: rows, total: 25 });
    expect(serializeOutput({ users: rows, total: 25 }).meta?.values).toMatchObject({
      'users.0.createdAt': ['Date'],
      'users.1.phone': ['undefined'],
    });
  });

  it('orders its annotations as superjson does: integer keys of annotated leaves first', () => {
    const d = () => new Date(Date.UTC(2026, 0, 1));
    for (const v of [
      [d(), { a: d() }, d()],
      [{ a: d() }, d(), [d(), { b: d() }, undefined], d()],
      { b: d(), 1: d(), a: { x: d(), 0: d() }, 0: d(), 4294967295: d(), '007': d() },
      { list: [{ at: d() }, d(), { at: d() }], 3: [d()], 2: d() },
    ]) {
      same(v);
    }
  });

  it('hands over what it does not write itself, with the same result', () => {
    const shared = { x: 1 };
    const when = new Date(0);
    class Row {
      constructor(readonly id: number) {}
    }
    for (const v of [
      { p: shared, q: shared },
      { createdAt: when, updatedAt: when },
      { n: NaN, m: -0, i: Infinity },
      { 'a.b': new Date(0) },
      { row: new Row(1) },
      new Date(0),
      undefined,
      'text',
      7,
      { big: 10n },
      { bad: new Date(NaN) },
    ]) {
      same(v);
    }
  });
});
