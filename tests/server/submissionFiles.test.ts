// Reading an answer key and checking a member's submission (issue 31): every kind of target
// column on the scoring fixtures, and every bad input of the 'Bad input and safety' list,
// each refused with a message a member can act on, none thrown.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AnswerKey,
  type AnswerKeyOptions,
  type FileRefusal,
  type SubmissionResult,
  checkSubmission,
  findIdText,
  halfSipHash32,
  idAt,
  readAnswerKey,
} from '../../src/server/domain/submissions/files';
import { parseDecimal } from '../../src/server/domain/submissions/files/numbers';

const FIXTURES = path.resolve(__dirname, '../fixtures/submission-files');
const MB = 2 ** 20;
const LIMITS = { maxBytes: 200 * MB };

function fixture(name: string, file: 'key.csv' | 'submission.csv'): Buffer {
  return readFileSync(path.join(FIXTURES, name, file));
}

/** A fixture's rows split plainly (the fixtures hold no quotes): header and cells. */
function plainRows(bytes: Buffer): { header: string[]; rows: string[][] } {
  const lines = bytes
    .toString('utf8')
    .split(/\r?\n/)
    .filter((line) => line !== '');
  return {
    header: (lines[0] ?? '').split(','),
    rows: lines.slice(1).map((line) => line.split(',')),
  };
}

function csv(...lines: string[]): Buffer {
  return Buffer.from(lines.join('\n') + '\n');
}

function keyOf(bytes: Buffer, options: Partial<AnswerKeyOptions> = {}): AnswerKey {
  const result = readAnswerKey(bytes, { kind: 'number', seed: 's', ...LIMITS, ...options });
  if (!result.ok) throw new Error(`key refused: ${JSON.stringify(result.problems.slice(0, 5))}`);
  return result.key;
}

function refusal(result: { ok: boolean }): FileRefusal {
  expect(result.ok).toBe(false);
  return result as FileRefusal;
}

function messages(result: { ok: boolean }): string[] {
  return refusal(result).problems.map((p) => p.message);
}

function predictions(result: SubmissionResult) {
  if (!result.ok)
    throw new Error(`submission refused: ${JSON.stringify(result.problems.slice(0, 5))}`);
  return result.submission.predictions;
}

const SMALL_KEY = csv('id,target', 'a,1.5', 'b,2', 'c,-3', 'd,4e2');

describe('answer keys and submissions of each kind (scoring fixtures)', () => {
  it('number: regression targets and predictions, aligned to the key', () => {
    const keyBytes = fixture('regression', 'key.csv');
    const key = keyOf(keyBytes, { kind: 'number' });
    const plain = plainRows(keyBytes);
    expect(key.rows).toBe(plain.rows.length);
    expect(key.split).toBe('column');
    expect(key.publicCount).toBe(plain.rows.filter((r) => r[2] === 'public').length);
    const truth = key.truth[0];
    if (truth?.kind !== 'number') throw new Error('number truth expected');
    plain.rows.forEach((cells, row) => {
      expect(idAt(key.ids, row)).toBe(cells[0]);
      expect(truth.values[row]).toBe(Number(cells[1]));
      expect(key.publicMask[row]).toBe(cells[2] === 'public' ? 1 : 0);
    });

    const subBytes = fixture('regression', 'submission.csv');
    const [column] = predictions(checkSubmission(subBytes, key, LIMITS));
    if (column?.kind !== 'number') throw new Error('number predictions expected');
    for (const [id, value] of plainRows(subBytes).rows) {
      expect(column.values[findIdText(key.ids, id ?? '')]).toBe(Number(value));
    }
  });

  it('probability: binary 0/1 truth and probabilities of 1', () => {
    const key = keyOf(fixture('binary_proba', 'key.csv'), { kind: 'probability' });
    const truth = key.truth[0];
    if (truth?.kind !== 'probability') throw new Error('probability truth expected');
    expect(new Set(truth.values)).toEqual(new Set([0, 1]));
    const subBytes = fixture('binary_proba', 'submission.csv');
    const [column] = predictions(checkSubmission(subBytes, key, LIMITS));
    if (column?.kind !== 'probability') throw new Error('probability predictions expected');
    for (const [id, value] of plainRows(subBytes).rows) {
      expect(column.values[findIdText(key.ids, id ?? '')]).toBe(Number(value));
    }
  });

  it('label: text classes in order, codes for truth and predictions', () => {
    const keyBytes = fixture('multiclass_labels', 'key.csv');
    const key = keyOf(keyBytes, { kind: 'label' });
    const truth = key.truth[0];
    if (truth?.kind !== 'label') throw new Error('label truth expected');
    expect(truth.classes).toEqual(['bird', 'cat', 'dog', 'fish']);
    plainRows(keyBytes).rows.forEach((cells, row) => {
      expect(truth.classes[truth.codes[row] ?? -1]).toBe(cells[1]);
    });
    const subBytes = fixture('multiclass_labels', 'submission.csv');
    const [column] = predictions(checkSubmission(subBytes, key, LIMITS));
    if (column?.kind !== 'label') throw new Error('label predictions expected');
    for (const [id, label] of plainRows(subBytes).rows) {
      expect(column.classes[column.codes[findIdText(key.ids, id ?? '')] ?? -1]).toBe(label);
    }
  });

  it('label: binary labels and numeric ratings in numeric order', () => {
    const binary = keyOf(fixture('binary_labels', 'key.csv'), { kind: 'label' });
    expect(binary.truth[0]).toMatchObject({ classes: ['0', '1'] });
    predictions(checkSubmission(fixture('binary_labels', 'submission.csv'), binary, LIMITS));

    const ordinal = keyOf(fixture('ordinal', 'key.csv'), { kind: 'label' });
    expect(ordinal.truth[0]).toMatchObject({ classes: ['0', '1', '2', '3', '4', '5'] });
    predictions(checkSubmission(fixture('ordinal', 'submission.csv'), ordinal, LIMITS));

    const ratings = keyOf(csv('id,target', 'a,10', 'b,2', 'c,9'), { kind: 'label' });
    expect(ratings.truth[0]).toMatchObject({ classes: ['2', '9', '10'] });
    // '2.0' is the rating 2 when every class is a number
    const [column] = predictions(
      checkSubmission(csv('id,target', 'a,2.0', 'b,10', 'c,9'), ratings, LIMITS),
    );
    expect(column).toMatchObject({ codes: Int32Array.from([0, 2, 1]) });
  });

  it('probabilities: Kaggle layout, classes from the header, columns in any order', () => {
    const keyBytes = fixture('multiclass_proba', 'key.csv');
    const key = keyOf(keyBytes, { kind: 'probabilities' });
    const truth = key.truth[0];
    if (truth?.kind !== 'probabilities') throw new Error('probabilities truth expected');
    expect(truth.classes).toEqual(['bird', 'cat', 'dog', 'fish']);
    expect(key.targetColumns).toEqual(['bird', 'cat', 'dog', 'fish']);
    plainRows(keyBytes).rows.forEach((cells, row) => {
      expect(cells[1 + (truth.codes[row] ?? -1)]).toBe('1');
    });

    // the fixture's submission, its columns shuffled: fish,id,dog,bird,cat
    const plain = plainRows(fixture('multiclass_proba', 'submission.csv'));
    const order = [4, 0, 3, 1, 2];
    const shuffled = csv(
      order.map((i) => plain.header[i]).join(','),
      ...plain.rows.map((cells) => order.map((i) => cells[i]).join(',')),
    );
    const [column] = predictions(checkSubmission(shuffled, key, LIMITS));
    if (column?.kind !== 'probabilities') throw new Error('probabilities predictions expected');
    for (const cells of plain.rows) {
      const row = findIdText(key.ids, cells[0] ?? '');
      expect(Array.from(column.values.subarray(row * 4, row * 4 + 4))).toEqual(
        cells.slice(1).map(Number),
      );
    }
  });

  it('label_list: space-separated labels, in order', () => {
    const keyBytes = fixture('ranking', 'key.csv');
    const key = keyOf(keyBytes, { kind: 'label_list' });
    const truth = key.truth[0];
    if (truth?.kind !== 'label_list') throw new Error('label_list truth expected');
    plainRows(keyBytes).rows.forEach((cells, row) => {
      expect(truth.lists[row]).toEqual((cells[1] ?? '').split(' '));
    });
    const subBytes = fixture('ranking', 'submission.csv');
    const [column] = predictions(checkSubmission(subBytes, key, LIMITS));
    if (column?.kind !== 'label_list') throw new Error('label_list predictions expected');
    for (const [id, labels] of plainRows(subBytes).rows) {
      expect(column.lists[findIdText(key.ids, id ?? '')]).toEqual((labels ?? '').split(' '));
    }
  });

  it('organiser-named columns and several target columns', () => {
    const key = keyOf(csv('row,x,y', 'p,1,2', 'q,3,4'), {
      idColumn: 'row',
      targetColumns: ['x', 'y'],
    });
    expect(key.truth.map((t) => t.kind === 'number' && Array.from(t.values))).toEqual([
      [1, 3],
      [2, 4],
    ]);
    const result = checkSubmission(csv('y,row,x,note', '40,q,30,', '20,p,10,hello'), key, LIMITS);
    expect(predictions(result).map((p) => p.kind === 'number' && Array.from(p.values))).toEqual([
      [10, 30],
      [20, 40],
    ]);
  });

  it('gives plain data that a worker thread receives whole (structured clone)', () => {
    const key = keyOf(fixture('multiclass_proba', 'key.csv'), { kind: 'probabilities' });
    const copy = structuredClone(key);
    expect(copy).toEqual(key);
    const sub = fixture('multiclass_proba', 'submission.csv');
    expect(predictions(checkSubmission(sub, copy, LIMITS))).toEqual(
      predictions(checkSubmission(sub, key, LIMITS)),
    );
    expect(findIdText(copy.ids, idAt(key.ids, 7))).toBe(7);
  });

  it('reads a gzip-compressed key and submission (.csv.gz)', () => {
    const plainKey = keyOf(fixture('regression', 'key.csv'));
    const key = keyOf(gzipSync(fixture('regression', 'key.csv')));
    expect(key.rows).toBe(plainKey.rows);
    expect(key.truth).toEqual(plainKey.truth);
    const sub = gzipSync(fixture('regression', 'submission.csv'));
    expect(predictions(checkSubmission(sub, key, LIMITS))).toEqual(
      predictions(checkSubmission(fixture('regression', 'submission.csv'), key, LIMITS)),
    );
  });
});

describe('the public part of a key without a split column', () => {
  const ids = Array.from({ length: 10_000 }, (_, i) => `row-${i * 7 + 3}`);
  const maskOf = (key: AnswerKey, order: readonly string[]) =>
    order.map((id) => key.publicMask[findIdText(key.ids, id)]);

  it('is the hashed share, reproducible, and does not follow the row order', () => {
    const bytes = csv('id,target', ...ids.map((id, i) => `${id},${i}`));
    const key = keyOf(bytes, { seed: 'contest-42' });
    expect(key.split).toBe('hash');
    expect(key.publicCount / key.rows).toBeGreaterThan(0.28);
    expect(key.publicCount / key.rows).toBeLessThan(0.32);
    expect(maskOf(keyOf(bytes, { seed: 'contest-42' }), ids)).toEqual(maskOf(key, ids));

    const reversed = [...ids].reverse();
    const again = keyOf(csv('id,target', ...reversed.map((id, i) => `${id},${i}`)), {
      seed: 'contest-42',
    });
    expect(maskOf(again, ids)).toEqual(maskOf(key, ids));

    const other = keyOf(bytes, { seed: 'contest-43' });
    expect(maskOf(other, ids)).not.toEqual(maskOf(key, ids));
    expect(keyOf(bytes, { seed: 'x', publicFraction: 0.5 }).publicCount / key.rows).toBeCloseTo(
      0.5,
      1,
    );
    // quoted ids hash as their text
    const quoted = keyOf(csv('id,target', ...ids.map((id, i) => `"${id}",${i}`)), {
      seed: 'contest-42',
    });
    expect(maskOf(quoted, ids)).toEqual(maskOf(key, ids));
  });

  it('HalfSipHash-2-4 gives the reference implementation’s vectors', () => {
    // vectors_hsip32 of the reference (key bytes 0..7, message bytes 0..i-1), little-endian
    const expected = [
      [0xa9, 0x35, 0x9f, 0x5b],
      [0x27, 0x47, 0x5a, 0xb8],
      [0xfa, 0x62, 0xa6, 0x03],
      [0x8a, 0xfe, 0xe7, 0x04],
      [0x2a, 0x6e, 0x46, 0x89],
      [0xc5, 0xfa, 0xb6, 0x69],
      [0x58, 0x63, 0xfc, 0x23],
      [0x8b, 0xcf, 0x63, 0xc5],
    ];
    const message = Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 7]);
    const key = { k0: 0x03020100, k1: 0x07060504 };
    expected.forEach((bytes, length) => {
      const tag = Buffer.alloc(4);
      tag.writeUInt32LE(halfSipHash32(key, message, 0, length));
      expect(Array.from(tag)).toEqual(bytes);
    });
  });
});

describe('bad input and safety', () => {
  const key = keyOf(SMALL_KEY);
  const check = (bytes: Uint8Array, options = LIMITS) => checkSubmission(bytes, key, options);

  it('refuses a binary file, with the line of its first NUL byte', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    expect(messages(check(png))).toEqual([
      'The file is binary, not CSV text (it holds a NUL byte, first on line 3)',
    ]);
    expect(messages(check(csv('id,target', 'a,1', 'b\u0000,2')))).toEqual([
      'The file is binary, not CSV text (it holds a NUL byte, first on line 3)',
    ]);
  });

  it('refuses a zip archive (an Excel workbook) with what to upload instead', () => {
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40)]);
    expect(messages(check(zip))).toEqual([
      'The file is a zip archive (an Excel workbook is one), not CSV text: upload a .csv or a .csv.gz',
    ]);
  });

  it('refuses text that is not UTF-8, with its line', () => {
    const latin1 = Buffer.concat([csv('id,target', 'a,1'), Buffer.from('caf\xe9,2\n', 'latin1')]);
    expect(messages(check(latin1))).toEqual([
      'The file is not UTF-8 text (first on line 3): save it as CSV UTF-8',
    ]);
  });

  it('refuses an empty file and a file of blank lines', () => {
    expect(refusal(check(Buffer.alloc(0))).problems).toEqual([
      { line: null, message: 'The file is empty' },
    ]);
    expect(messages(check(Buffer.from([0xef, 0xbb, 0xbf])))).toEqual(['The file is empty']);
    expect(messages(check(Buffer.from('\r\n\n\n')))).toEqual([
      'The file is empty: it has no header line',
    ]);
  });

  it('refuses a file without a header, saying what its first line holds', () => {
    expect(refusal(check(csv('a,1.5', 'b,2')))).toEqual({
      ok: false,
      total: 2,
      problems: [
        {
          line: 1,
          message:
            'line 1: the header has no column "id" (the first line must name the columns; it holds "a", "1.5")',
        },
        {
          line: 1,
          message:
            'line 1: the header has no column "target" (the first line must name the columns; it holds "a", "1.5")',
        },
      ],
    });
    expect(messages(check(csv('id,id,target', 'a,a,1')))).toEqual([
      'line 1: the header names column "id" twice',
    ]);
  });

  it('refuses another delimiter than the comma', () => {
    expect(messages(check(csv('id;target', 'a;1.5')))).toEqual([
      'line 1: the file must be comma-separated (this one uses semicolons)',
    ]);
    expect(messages(check(csv('id\ttarget', 'a\t1.5')))).toEqual([
      'line 1: the file must be comma-separated (this one uses tabs)',
    ]);
    expect(
      messages(readAnswerKey(csv('id;target', 'a;1'), { kind: 'number', seed: 's', ...LIMITS })),
    ).toEqual(['line 1: the file must be comma-separated (this one uses semicolons)']);
  });

  it('reads a byte order mark, CRLF, LF, a lone CR and no final line break alike', () => {
    const lines = ['id,target', 'd,4', 'c,3', 'b,2', 'a,1'];
    const expected = predictions(check(csv(...lines)));
    const variants = [
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), csv(...lines)]),
      Buffer.from(lines.join('\r\n') + '\r\n'),
      Buffer.from(lines.join('\r')),
      Buffer.from(lines.join('\n')),
      Buffer.from(lines.join('\r\n\r\n') + '\r\n\r\n'),
    ];
    for (const bytes of variants) expect(predictions(check(bytes))).toEqual(expected);
    const bomKey = keyOf(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), SMALL_KEY]));
    expect(bomKey.idColumn).toBe('id');
    expect(bomKey.rows).toBe(4);
  });

  it('reads quoted fields with commas, quotes and line breaks, counting their lines', () => {
    const quotedKey = keyOf(
      csv('"id","target"', '"a,1",1', '"say ""hi""",2', '"two', 'lines",3', 'plain,4'),
    );
    expect([0, 1, 2, 3].map((row) => idAt(quotedKey.ids, row))).toEqual([
      'a,1',
      'say "hi"',
      'two\nlines',
      'plain',
    ]);
    // a quoted id spanning lines 4-5 moves the next row to line 6
    const result = checkSubmission(
      csv('id,target', '"a,1",1', '"say ""hi""","2"', '"two', 'lines",3', 'plain,x'),
      quotedKey,
      LIMITS,
    );
    expect(refusal(result).problems).toEqual([
      { line: 6, message: 'line 6: "x" is not a number in column "target"' },
    ]);
    // with CRLF, the line break inside quotes is part of the id ("two\r\nlines", unknown here)
    // and counts as one line
    const crlf = Buffer.from('id,target\r\n"two\r\nlines",3\r\nplain,x\r\n');
    expect(refusal(checkSubmission(crlf, quotedKey, LIMITS)).problems.slice(0, 2)).toEqual([
      { line: 2, message: 'line 2: id "two\\r\\nlines" is not one of this contest\'s ids' },
      { line: 4, message: 'line 4: "x" is not a number in column "target"' },
    ]);

    expect(messages(check(csv('id,target', 'a,1', '"b,2', 'c,3')))).toEqual([
      'line 3: a quoted field opened on this line is never closed',
    ]);
    expect(messages(check(csv('id,target', '"a"x,1')))).toContain(
      'line 2: text follows a closing quote in field 1; a field with quotes must be all quoted, its quotes doubled ("")',
    );
  });

  it('refuses 10 million columns quickly, without reading them all', () => {
    // 'c,' ten million times: 20 MB of header
    const header = Buffer.alloc(20_000_000, 'c,');
    const started = performance.now();
    const result = check(Buffer.concat([header, Buffer.from('\na,1\n')]));
    expect(messages(result)).toEqual(['line 1: more than 10,000 columns, the limit']);
    expect(performance.now() - started).toBeLessThan(2_000);
    const keyResult = readAnswerKey(header, { kind: 'number', seed: 's', ...LIMITS });
    expect(messages(keyResult)).toEqual(['line 1: more than 10,000 columns, the limit']);
  });

  it('refuses a line of 100 MB quickly, without building its string', () => {
    const line = Buffer.alloc(100 * MB, 'a');
    const bytes = Buffer.concat([csv('id,target', 'a,1'), line, Buffer.from('\nb,2\n')]);
    const started = performance.now();
    const result = check(bytes);
    expect(refusal(result).problems).toContainEqual({
      line: 3,
      message:
        'line 3: this row is longer than 1 MB, the limit per row (or a quote opened on it is never closed)',
    });
    expect(performance.now() - started).toBeLessThan(2_000);
    // a quote opened and never closed within the limit is the same refusal, not a 100 MB scan
    const quoted = Buffer.concat([csv('id,target'), Buffer.from('"'), line]);
    expect(messages(check(quoted))[0]).toMatch(/^line 2: this row is longer than 1 MB/);
  });

  it('refuses a gzip bomb once its output passes the cap, memory bounded', () => {
    // 64 MB of zeros packs to about 64 KB; 32 such gzip members one after the other unpack to
    // 2 GB (gunzip reads concatenated members as one stream)
    const member = gzipSync(Buffer.alloc(64 * MB));
    const bomb = Buffer.concat(Array.from({ length: 32 }, () => member));
    expect(bomb.length).toBeLessThan(4 * MB);
    const started = performance.now();
    const result = check(bomb, { maxBytes: 20 * MB });
    expect(refusal(result).problems).toEqual([
      {
        line: null,
        message: 'The compressed file unpacks to more than 20 MB, the limit for this contest',
      },
    ]);
    expect(performance.now() - started).toBeLessThan(5_000);
    // the process never came near the bomb's 2 GB (its peak resident memory is far below)
    expect(process.resourceUsage().maxRSS * 1024).toBeLessThan(1.2 * 2 ** 30);
    expect(messages(check(Buffer.from([0x1f, 0x8b, 1, 2, 3, 4])))).toEqual([
      'The file looks compressed (gzip) but could not be unpacked: it is damaged',
    ]);
    expect(messages(check(Buffer.alloc(3 * MB, 'a'), { maxBytes: 2 * MB }))).toEqual([
      'The file is larger than 2 MB, the limit for this contest',
    ]);
  });

  it('lists duplicate, unknown and missing ids, each with its line', () => {
    const result = check(csv('id,target', 'a,1', 'zz,2', 'b,3', 'a,4', '"",5'));
    expect(refusal(result)).toEqual({
      ok: false,
      total: 5,
      problems: [
        { line: 3, message: "line 3: id zz is not one of this contest's ids" },
        { line: 5, message: 'line 5: id a appears twice (first on line 2)' },
        { line: 6, message: 'line 6: the id is empty' },
        { line: null, message: 'id c is missing' },
        { line: null, message: 'id d is missing' },
      ],
    });
    expect(messages(check(csv('id,target', 'a,1,9', 'b', 'c,3', 'd,4')))).toEqual([
      'line 2: the row has 3 fields where the header has 2',
      'line 3: the row has 1 field where the header has 2',
      'id a is missing',
      'id b is missing',
    ]);
  });

  it('refuses a key whose ids repeat, with both lines', () => {
    const rows = Array.from({ length: 20 }, (_, i) => `${4400 + i},1`);
    rows[15] = '4411,2';
    expect(
      refusal(readAnswerKey(csv('id,target', ...rows), { kind: 'number', seed: 's', ...LIMITS })),
    ).toEqual({
      ok: false,
      total: 1,
      problems: [{ line: 17, message: 'line 17: id 4411 appears twice (first on line 13)' }],
    });
  });

  it('refuses values that are not what their column needs', () => {
    expect(messages(check(csv('id,target', 'a,abc', 'b,', 'c,inf', 'd,1e999')))).toEqual([
      'line 2: "abc" is not a number in column "target"',
      'line 3: column "target" is empty',
      'line 4: "inf" is not a finite number in column "target"',
      'line 5: "1e999" is not a finite number in column "target"',
    ]);
    expect(messages(check(csv('id,target', 'a,0x10', 'b,NaN', 'c,1 2', 'd, 4 ')))).toEqual([
      'line 2: "0x10" is not a number in column "target"',
      'line 3: "NaN" is not a finite number in column "target"',
      'line 4: "1 2" is not a number in column "target"',
    ]);

    const binaryKey = keyOf(csv('id,target', 'a,1', 'b,0'), { kind: 'probability' });
    expect(
      messages(checkSubmission(csv('id,target', 'a,1.5', 'b,-0.1'), binaryKey, LIMITS)),
    ).toEqual([
      'line 2: "1.5" in column "target" is not a probability (it must be within 0 and 1)',
      'line 3: "-0.1" in column "target" is not a probability (it must be within 0 and 1)',
    ]);

    const classes = keyOf(csv('id,bird,cat,dog', 'a,1,0,0', 'b,0,0,1'), { kind: 'probabilities' });
    expect(
      messages(
        checkSubmission(
          csv('id,cat,bird,dog', 'a,0.2,0.7,0.0971', 'b,0.5,0.6,-0.1'),
          classes,
          LIMITS,
        ),
      ),
    ).toEqual([
      'line 2: the probabilities of this row sum to 0.9971, not 1 (within 0.001)',
      'line 3: "-0.1" in column "dog" is not a probability (it must be within 0 and 1)',
    ]);
    predictions(
      checkSubmission(csv('id,cat,bird,dog', 'a,0.2,0.7,0.1004', 'b,0,0,1'), classes, LIMITS),
    );

    const labels = keyOf(csv('id,target', 'a,cat', 'b,dog'), { kind: 'label' });
    expect(messages(checkSubmission(csv('id,target', 'a,horse', 'b,'), labels, LIMITS))).toEqual([
      'line 2: "horse" in column "target" is not a class of this contest',
      'line 3: column "target" is empty',
    ]);
  });

  it('refuses a key whose values are not what its kind needs', () => {
    const read = (bytes: Buffer, kind: AnswerKeyOptions['kind']) =>
      messages(readAnswerKey(bytes, { kind, seed: 's', ...LIMITS }));
    expect(read(csv('id,target', 'a,0.5', 'b,1'), 'probability')).toEqual([
      'line 2: column "target" must hold 0 or 1 in the answer key, not "0.5"',
    ]);
    expect(read(csv('id,x,y', 'a,1,1', 'b,0,0', 'c,0,2'), 'probabilities')).toEqual([
      "line 2: the class columns must hold exactly one 1 (the row's class); this row has 2",
      "line 3: the class columns must hold exactly one 1 (the row's class); this row has 0",
      'line 4: column "y" must hold 0 or 1 in the answer key (one 1 per row), not "2"',
    ]);
    expect(read(csv('id,target,split', 'a,1,public', 'b,2,Private', 'c,3,test'), 'number')).toEqual(
      ['line 4: column "split" must say "public" or "private", not "test"'],
    );
    expect(read(csv('id,target'), 'number')).toEqual(['The answer key has a header but no rows']);
    expect(read(csv('id,only'), 'probabilities')).toEqual([
      'line 1: multi-class probabilities need one column per class in the answer key (at least 2 besides the id and split columns)',
    ]);
  });

  it('lists the first 100 problems and counts them all', () => {
    const bigKey = keyOf(csv('id,target', ...Array.from({ length: 300 }, (_, i) => `r${i},${i}`)));
    const bad = csv('id,target', ...Array.from({ length: 250 }, (_, i) => `r${i},n/a`));
    const result = refusal(checkSubmission(bad, bigKey, LIMITS));
    expect(result.problems).toHaveLength(100);
    expect(result.total).toBe(250 + 50);
    expect(result.problems[0]).toEqual({
      line: 2,
      message: 'line 2: "n/a" is not a number in column "target"',
    });
    expect(result.problems[99]?.line).toBe(101);
  });

  it('reads numbers exactly as Number() does', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
          fc.double({ noNaN: true, noDefaultInfinity: true }).map((v) => v.toExponential(8)),
          fc.tuple(fc.integer(), fc.nat(99999999)).map(([a, b]) => `${a}.${b}`),
          fc.stringMatching(/^[+-]?\d{0,20}(\.\d{0,20})?([eE][+-]?\d{1,3})?$/),
        ),
        (text) => {
          const bytes = Buffer.from(text);
          const value = parseDecimal(bytes, 0, bytes.length);
          const plain = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text);
          if (plain) expect(Object.is(value, Number(text))).toBe(true);
          else expect(value).toBeNaN();
        },
      ),
      { numRuns: 2000, seed: 31 },
    );
  });

  it('never throws on arbitrary bytes', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 300 }),
          fc
            .array(
              fc.constantFrom('id', 'target', 'a', 'b', ',', '"', '\n', '\r', '1', '0.5', ';', ' '),
              {
                maxLength: 60,
              },
            )
            .map((parts) => Buffer.from(parts.join(''))),
        ),
        (bytes) => {
          const sub = checkSubmission(bytes, key, LIMITS);
          if (!sub.ok) expect(sub.problems.length).toBeGreaterThan(0);
          const read = readAnswerKey(bytes, { kind: 'label', seed: 's', ...LIMITS });
          if (!read.ok) expect(read.total).toBeGreaterThan(0);
        },
      ),
      { numRuns: 1000, seed: 31 },
    );
  });
});
