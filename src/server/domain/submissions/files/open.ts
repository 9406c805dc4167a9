// The start every reading shares: the bytes made safe, the rows ready, the header read, and an
// empty list for the problems to come.
import type { Buffer } from 'node:buffer';
import { CsvRows } from './csv';
import { type Header, readHeader } from './header';
import { readInput } from './input';
import { ProblemList } from './problems';
import type { FileRefusal, InputLimits } from './types';

export interface OpenCsv {
  ok: true;
  bytes: Buffer;
  start: number;
  rows: CsvRows;
  header: Header;
  problems: ProblemList;
}

export function openCsv(
  raw: Uint8Array,
  limits: InputLimits,
  maxProblems: number | undefined,
): OpenCsv | FileRefusal {
  const input = readInput(raw, limits.maxBytes);
  if (!input.ok) return input;
  const rows = new CsvRows(input.bytes, input.start, limits.maxColumns, limits.maxRowBytes);
  const header = readHeader(rows);
  if (!('names' in header)) return header;
  const problems = new ProblemList(maxProblems);
  return { ok: true, bytes: input.bytes, start: input.start, rows, header, problems };
}
