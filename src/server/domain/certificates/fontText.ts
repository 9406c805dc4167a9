// Text the PDF's standard fonts can draw. They encode WinAnsi only (Latin-1 and a few more), and
// pdf-lib throws on any other character, so a name in Cyrillic or an emoji would fail the whole
// PDF: each such character becomes its unaccented letter when it has one ('ő' -> 'o') or '?'.
import type { PDFFont } from 'pdf-lib';

const COMBINING_MARKS = /\p{M}/gu;
// Line breaks and other control characters would be drawn as missing glyphs (or fail).
const CONTROL = /\p{Cc}/u;

const charsetOf = new WeakMap<PDFFont, Set<number>>();

function charset(font: PDFFont): Set<number> {
  let set = charsetOf.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    charsetOf.set(font, set);
  }
  return set;
}

/** `text` with every character `font` cannot encode replaced (see above). */
export function drawable(font: PDFFont, text: string): string {
  const known = charset(font);
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const point = ch.codePointAt(0)!;
    if (CONTROL.test(ch)) out += ' ';
    else if (known.has(point)) out += ch;
    else {
      const bare = ch.normalize('NFD').replace(COMBINING_MARKS, '');
      out += bare.length > 0 && [...bare].every((c) => known.has(c.codePointAt(0)!)) ? bare : '?';
    }
  }
  return out;
}

/**
 * `text` at the largest size up to `size` (down to `minSize`) that fits `maxWidth`; below that,
 * cut with an ellipsis. The text must already be drawable.
 */
export function fitted(
  font: PDFFont,
  text: string,
  size: number,
  maxWidth: number,
  minSize = size * 0.6,
): { text: string; size: number } {
  const width = font.widthOfTextAtSize(text, size);
  if (width <= maxWidth) return { text, size };
  const shrunk = (size * maxWidth) / width;
  if (shrunk >= minSize) return { text, size: shrunk };
  let cut = [...text];
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut.join('')}…`, minSize) > maxWidth) {
    cut = cut.slice(0, -1);
  }
  return { text: `${cut.join('').trimEnd()}…`, size: minSize };
}
