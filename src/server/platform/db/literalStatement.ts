// A parameterised PostgreSQL statement written out with its values as literals, for the simple
// query protocol, which takes no parameters but several statements in one message: a
// transaction's BEGIN goes out with its first statement, and its COMMIT with its last ones
// (pgTransaction.ts), each one round trip fewer. pg itself sends every value as untyped text, which
// PostgreSQL reads as it reads a quoted literal, so each value is written as one (escaped by pg):
// the statement means the same. Only placeholders outside quotes, quoted names, dollar quotes
// and comments are replaced.

import pg from 'pg';

/** A value's literal, as pg would send it; null when it has no plain one (a date, a buffer, JSON). */
function literalOf(value: unknown): string | null {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (typeof value === 'number') return Number.isFinite(value) ? `'${value}'` : null;
  if (typeof value === 'bigint') return `'${value}'`;
  if (typeof value === 'boolean') return value ? "'true'" : "'false'";
  return null;
}

/** Where a quoted part that starts at `text[i]` ends (the index after it), or -1 if it does not. */
function quotedEnd(text: string, i: number): number {
  const c = text[i];
  if (c === "'" || c === '"') {
    // A quote inside is written twice; an E'…' string may also escape one with a backslash.
    const backslashes = c === "'" && (text[i - 1] === 'E' || text[i - 1] === 'e');
    for (let j = i + 1; j < text.length; j++) {
      if (backslashes && text[j] === '\\') j++;
      else if (text[j] === c) {
        if (text[j + 1] === c) j++;
        else return j + 1;
      }
    }
    return text.length;
  }
  if (c === '-' && text[i + 1] === '-') {
    const end = text.indexOf('\n', i);
    return end === -1 ? text.length : end;
  }
  if (c === '/' && text[i + 1] === '*') {
    const end = text.indexOf('*/', i + 2);
    return end === -1 ? text.length : end + 2;
  }
  if (c === '$') {
    DOLLAR_TAG.lastIndex = i;
    const tag = DOLLAR_TAG.exec(text)?.[0];
    if (tag) {
      const end = text.indexOf(tag, i + tag.length);
      return end === -1 ? text.length : end + tag.length;
    }
  }
  return -1;
}

/** A dollar quote's opening tag ($$ or $name$; $1 is a placeholder). */
const DOLLAR_TAG = /\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/y;
/** A placeholder. */
const PLACEHOLDER = /\$(\d+)/y;

/**
 * `text` with each $n written as the literal of `values[n - 1]`; null when a value has no plain
 * literal or a placeholder has no value (the caller then sends the statement with its values).
 */
export function withLiterals(text: string, values: readonly unknown[]): string | null {
  const literals: string[] = [];
  for (const value of values) {
    const literal = literalOf(value);
    if (literal === null) return null;
    literals.push(literal);
  }
  let out = '';
  let copied = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c !== "'" && c !== '"' && c !== '-' && c !== '/' && c !== '$') {
      i += 1;
      continue;
    }
    const end = quotedEnd(text, i);
    if (end !== -1) {
      i = end;
      continue;
    }
    PLACEHOLDER.lastIndex = i;
    const placeholder = PLACEHOLDER.exec(text);
    if (!placeholder) {
      i += 1;
      continue;
    }
    const literal = literals[Number(placeholder[1]) - 1];
    if (literal === undefined) return null;
    out += text.slice(copied, i) + literal;
    i += placeholder[0].length;
    copied = i;
  }
  return out + text.slice(copied);
}
