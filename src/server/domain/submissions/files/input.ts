// The bytes of an uploaded CSV (or .csv.gz) made safe to read: unpacked within a cap (a gzip bomb
// is refused when its output passes the cap, before more memory is taken), refused when binary
// (NUL bytes) or not UTF-8, a byte order mark skipped. Works on bytes, never on one big string:
// a 2 GB file cannot be a JavaScript string, and the CSV reader wants the bytes anyway.
import { Buffer, isUtf8 } from 'node:buffer';
import { gunzipSync } from 'node:zlib';
import { bytesInWords, refuse } from './problems';
import type { FileRefusal } from './types';

/** The most any file may unpack to, whatever the caller asks. */
export const MAX_UNPACKED_BYTES = 2 * 2 ** 30;

export interface SafeInput {
  ok: true;
  bytes: Buffer;
  /** where the text starts (3 past a UTF-8 byte order mark) */
  start: number;
  gzipped: boolean;
}

function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

function isZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    bytes[2] === 0x03 &&
    bytes[3] === 0x04
  );
}

/** The line (1-based) holding byte `at`. */
export function lineAt(bytes: Buffer, start: number, at: number): number {
  let line = 1;
  for (let i = bytes.indexOf(0x0a, start); i !== -1 && i < at; i = bytes.indexOf(0x0a, i + 1)) {
    line++;
  }
  return line;
}

/** The first line whose bytes are not UTF-8 (the file as a whole is known not to be). */
function firstBadUtf8Line(bytes: Buffer, start: number): number {
  let line = 1;
  let from = start;
  while (from < bytes.length) {
    const nl = bytes.indexOf(0x0a, from);
    const to = nl === -1 ? bytes.length : nl;
    if (!isUtf8(bytes.subarray(from, to))) return line;
    line++;
    from = to + 1;
  }
  return line;
}

export function readInput(raw: Uint8Array, maxBytes: number): SafeInput | FileRefusal {
  const cap = Math.min(Math.max(0, Math.floor(maxBytes)), MAX_UNPACKED_BYTES);
  let bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  if (isZip(bytes)) {
    return refuse(
      'The file is a zip archive (an Excel workbook is one), not CSV text: upload a .csv or a .csv.gz',
    );
  }
  const gzipped = isGzip(bytes);
  if (gzipped) {
    try {
      // maxOutputLength: zlib stops and throws once the output passes the cap, so a bomb costs
      // at most `cap` bytes of memory and the time to inflate them.
      bytes = gunzipSync(bytes, { maxOutputLength: Math.max(cap, 1) });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
        return refuse(
          `The compressed file unpacks to more than ${bytesInWords(cap)}, the limit for this contest`,
        );
      }
      return refuse('The file looks compressed (gzip) but could not be unpacked: it is damaged');
    }
  }
  if (bytes.length > cap) {
    return refuse(`The file is larger than ${bytesInWords(cap)}, the limit for this contest`);
  }
  const start =
    bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  if (bytes.length <= start) return refuse('The file is empty');
  const nul = bytes.indexOf(0, start);
  if (nul !== -1) {
    return refuse(
      `The file is binary, not CSV text (it holds a NUL byte, first on line ${lineAt(bytes, start, nul)})`,
    );
  }
  if (!isUtf8(bytes.subarray(start))) {
    return refuse(
      `The file is not UTF-8 text (first on line ${firstBadUtf8Line(bytes, start)}): save it as CSV UTF-8`,
    );
  }
  return { ok: true, bytes, start, gzipped };
}
