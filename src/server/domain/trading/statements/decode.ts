// A statement's bytes as text. MetaTrader 5 saves its reports as UTF-16LE with a BOM, MetaTrader 4
// and most CSVs as UTF-8 (or a legacy code page, read here as UTF-8 since only ASCII matters to
// the figures); a UTF-16 file without a BOM is told by its NUL bytes.
import { EXPECTED_FORMATS, MAX_STATEMENT_BYTES, StatementError } from './errors';

/** How many leading bytes the NUL count and the binary check look at. */
const SNIFF_BYTES = 4096;

function utf16Without(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(bytes.length, SNIFF_BYTES) & ~1;
  if (n < 4) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenNul++;
    if (bytes[i + 1] === 0) oddNul++;
  }
  // ASCII text in UTF-16 has a NUL in nearly every pair, on one side only.
  const pairs = n / 2;
  if (oddNul > pairs * 0.4 && evenNul < pairs * 0.05) return 'utf-16le';
  if (evenNul > pairs * 0.4 && oddNul < pairs * 0.05) return 'utf-16be';
  return null;
}

function encodingOf(bytes: Uint8Array): { encoding: string; skip: number } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', skip: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', skip: 2 };
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { encoding: 'utf-8', skip: 3 };
  return { encoding: utf16Without(bytes) ?? 'utf-8', skip: 0 };
}

/** Control characters other than tab, line ends and form feed: a binary file (an image, a zip). */
// eslint-disable-next-line no-control-regex
const BINARY = /[\u0000-\u0008\u000b\u000e-\u001a\u001c-\u001f\ufffd]/g;

/** The file's text, or a StatementError for an empty, oversized or binary file. */
export function decodeStatement(bytes: Uint8Array): string {
  if (bytes.length > MAX_STATEMENT_BYTES) {
    throw new StatementError(
      `The file is larger than ${MAX_STATEMENT_BYTES / 1024 / 1024} MB, the most a statement may be: upload a shorter period`,
    );
  }
  if (bytes.length === 0) throw new StatementError(`The file is empty. ${EXPECTED_FORMATS}`);
  const { encoding, skip } = encodingOf(bytes);
  const text = new TextDecoder(encoding).decode(bytes.subarray(skip));
  const head = text.slice(0, SNIFF_BYTES);
  const binary = head.match(BINARY)?.length ?? 0;
  if (!text.trim() || binary > 2) {
    throw new StatementError(
      `${text.trim() ? 'The file is not text' : 'The file is empty'}. ${EXPECTED_FORMATS}`,
    );
  }
  return text;
}
