// Numbers read straight from a field's bytes, without a string: a million rows of a regression
// submission are a million numbers. The grammar is plain decimal (optional sign, digits, a point,
// an exponent; spaces around are allowed): no hex, no 'Infinity', no empty field as 0, as
// Number() would allow. A value of at most 15 significant digits and a power of ten within 22 is
// computed as one exact integer times or divided by one exact power of ten, which IEEE rounds
// correctly (Clinger's fast path), so it equals what Number() gives; anything else goes to Number().
import type { Buffer } from 'node:buffer';

const POWERS_OF_TEN = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
  1e18, 1e19, 1e20, 1e21, 1e22,
] as const;

const ZERO = 0x30;
const NINE = 0x39;
const SPACE = 0x20;
const TAB = 0x09;

function isSpace(c: number | undefined): boolean {
  return c === SPACE || c === TAB;
}

/** The number in bytes [from, to), or NaN when the field is not a plain decimal number. */
export function parseDecimal(b: Buffer, from: number, to: number): number {
  let i = from;
  let end = to;
  while (i < end && isSpace(b[i])) i++;
  while (end > i && isSpace(b[end - 1])) end--;
  if (i === end) return NaN;
  const first = i;
  let negative = false;
  if (b[i] === 0x2d) {
    negative = true;
    i++;
  } else if (b[i] === 0x2b) i++;
  let mantissa = 0;
  let significant = 0;
  let digits = 0;
  let scale = 0;
  let c = b[i];
  while (c !== undefined && c >= ZERO && c <= NINE && i < end) {
    if (mantissa !== 0 || c !== ZERO) {
      mantissa = mantissa * 10 + (c - ZERO);
      significant++;
    }
    digits++;
    c = b[++i];
  }
  if (i < end && c === 0x2e) {
    c = b[++i];
    while (c !== undefined && c >= ZERO && c <= NINE && i < end) {
      if (mantissa !== 0 || c !== ZERO) {
        mantissa = mantissa * 10 + (c - ZERO);
        significant++;
      }
      scale--;
      digits++;
      c = b[++i];
    }
  }
  if (digits === 0) return NaN;
  if (i < end && (c === 0x65 || c === 0x45)) {
    c = b[++i];
    let expNegative = false;
    if (c === 0x2d || c === 0x2b) {
      expNegative = c === 0x2d;
      c = b[++i];
    }
    let exponent = 0;
    let expDigits = 0;
    while (c !== undefined && c >= ZERO && c <= NINE && i < end) {
      if (exponent < 100_000) exponent = exponent * 10 + (c - ZERO);
      expDigits++;
      c = b[++i];
    }
    if (expDigits === 0) return NaN;
    scale += expNegative ? -exponent : exponent;
  }
  if (i !== end) return NaN;
  if (significant <= 15 && scale >= -22 && scale <= 22) {
    const power = POWERS_OF_TEN[Math.abs(scale)] ?? 1;
    const magnitude = scale < 0 ? mantissa / power : mantissa * power;
    return negative ? -magnitude : magnitude;
  }
  return Number(b.toString('latin1', first, end));
}

/** Whether a field's text is a decimal number too large for a double, or a word for infinity or
 * not-a-number: the message then says 'finite' rather than 'a number'. */
export function looksInfinite(text: string): boolean {
  return /^\s*[+-]?(inf|infinity|nan)\s*$/i.test(text) || Math.abs(Number(text)) === Infinity;
}
