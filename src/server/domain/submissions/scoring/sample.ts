// The sample submission the platform offers when the organiser attaches none: every id of the key
// with one constant prediction that the checker accepts and every metric of the kind can score.
// Nothing in it is drawn from the answers beyond the classes (or labels) members must know anyway:
// the first in sorted order, never the most frequent, and 0 rather than a mean, which would tell
// members something of the hidden key, private rows included.
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { type AnswerKey, idAt } from '../files';

/** A CSV field, quoted when it must be (or when the readers would trim its spaces). */
function field(text: string): string {
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The prediction of every row, fields joined: constant, so built once. */
function constantCells(key: AnswerKey, k: number): string {
  return key.truth
    .map((truth) => {
      switch (truth.kind) {
        case 'probability':
          return '0.5';
        case 'probabilities':
          return truth.classes.map(() => String(1 / truth.classes.length)).join(',');
        case 'label':
          return field(truth.classes[0] ?? '');
        // 0 and not the mean: a whole number, so a rating for kappa too, and no hint of the key
        case 'number':
          return '0';
        case 'label_list': {
          const labels = new Set<string>();
          for (const list of truth.lists) for (const label of list) labels.add(label);
          return field([...labels].sort().slice(0, k).join(' '));
        }
      }
    })
    .join(',');
}

export function sampleHeader(key: AnswerKey): string {
  return [key.idColumn, ...key.targetColumns].map(field).join(',');
}

/** Writes the sample as gzip CSV to `outPath`, through a temporary file: never half written. */
export async function writeSample(key: AnswerKey, outPath: string, k = 1): Promise<void> {
  const cells = constantCells(key, k);
  function* lines(): Generator<string> {
    let chunk = `${sampleHeader(key)}\n`;
    for (let row = 0; row < key.rows; row++) {
      chunk += `${field(idAt(key.ids, row))},${cells}\n`;
      if (chunk.length >= 1 << 16) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  const temporary = `${outPath}.${process.pid}.${Date.now()}.tmp`;
  try {
    await pipeline(Readable.from(lines()), createGzip(), fs.createWriteStream(temporary));
    fs.renameSync(temporary, outPath);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}
