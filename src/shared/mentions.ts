// @mentions and the shape rules of a post's body (issue 32), one pass over the markdown that the
// server (notices, refusals) and the client (the form, the suggestions) both run. A mention is
// `@username` (a username's characters: letters, digits, dots, dashes, underscores; 3-50 long)
// after the start of a line or a character that cannot be part of a word, so an e-mail address
// is no mention. Mentions inside code (spans and blocks) and on quoted lines (`> `) do not
// count: quoting someone's post must not notify its mentions again.

/** A post may mention at most this many distinct members. */
export const MAX_MENTIONS = 20;
/** How deep quotes may nest (`> > >`, `>>>`): deeper bodies are refused before any renderer sees them. */
export const MAX_QUOTE_DEPTH = 10;

const USERNAME_MIN = 3;
const USERNAME_MAX = 50;
/** The characters of a username, as a regular expression's class body (the editor's suggestions use it). */
export const USERNAME_CHARS = 'A-Za-z0-9_.\\-';
const MENTION = new RegExp(`(^|[^${USERNAME_CHARS}\`@])@([${USERNAME_CHARS}]+)`, 'g');

export interface PostBodyFacts {
  /** Distinct mentioned usernames, lower-cased, in the order first written. */
  mentions: string[];
  /** The deepest quote nesting of any line (0: no quote). */
  quoteDepth: number;
}

/** How many quote markers open this line (list markers and spaces between them skipped). */
function quoteDepthOf(line: string): number {
  let depth = 0;
  let i = 0;
  for (;;) {
    while (line[i] === ' ' || line[i] === '\t') i++;
    if (line[i] === '>') {
      depth++;
      i++;
      continue;
    }
    // A list item may hold a quote: `- > text`, `1. > text`.
    const rest = line.slice(i, i + 12);
    const list = /^(?:[-*+]|\d{1,9}[.)])[ \t]/.exec(rest);
    if (list && depth === 0) {
      i += list[0].length;
      continue;
    }
    return depth;
  }
}

/** The line with its inline code spans blanked out (a run of n backticks closes with n backticks). */
function withoutCodeSpans(line: string): string {
  if (!line.includes('`')) return line;
  let out = '';
  let i = 0;
  while (i < line.length) {
    if (line[i] !== '`') {
      out += line[i];
      i++;
      continue;
    }
    let n = 0;
    while (line[i + n] === '`') n++;
    const fence = '`'.repeat(n);
    let close = line.indexOf(fence, i + n);
    // A longer run is not this span's end.
    while (close !== -1 && line[close + n] === '`') {
      let m = close;
      while (line[m] === '`') m++;
      close = line.indexOf(fence, m);
    }
    if (close === -1) {
      out += line.slice(i, i + n);
      i += n;
      continue;
    }
    out += ' '.repeat(close + n - i);
    i = close + n;
  }
  return out;
}

/** Mentioned usernames of one line of prose (no code, not quoted). */
function mentionsOf(line: string, into: Set<string>): void {
  if (!line.includes('@')) return;
  for (const match of withoutCodeSpans(line).matchAll(MENTION)) {
    // A sentence's full stop (or a dash) after a name is not part of it: `thanks @alice.`
    let name = match[2]!;
    while (name.length && (name.endsWith('.') || name.endsWith('-'))) name = name.slice(0, -1);
    if (name.length < USERNAME_MIN || name.length > USERNAME_MAX) continue;
    into.add(name.toLowerCase());
  }
}

/**
 * The mentions and quote depth of a body, in one linear pass (bodies of 10,000 nested quotes or
 * 10,000 names are read as fast as any other). Fenced (``` or ~~~) and indented code blocks are
 * skipped, as are quoted lines.
 */
export function readPostBody(body: string): PostBodyFacts {
  const mentions = new Set<string>();
  let quoteDepth = 0;
  let fence: string | null = null;
  let previousBlank = true;
  let inIndentedCode = false;
  for (const line of body.split('\n')) {
    const trimmed = line.replace(/^ {0,3}/, '');
    if (fence !== null) {
      if (trimmed.startsWith(fence) && trimmed.slice(fence.length).trim() === '') fence = null;
      previousBlank = false;
      continue;
    }
    const opens = /^(`{3,}|~{3,})/.exec(trimmed);
    if (opens) {
      fence = opens[1]!;
      previousBlank = false;
      continue;
    }
    const blank = line.trim() === '';
    // An indented line starts a code block after a blank line, and continues one.
    const indented = /^( {4}|\t)/.test(line);
    inIndentedCode = !blank && indented && (previousBlank || inIndentedCode);
    previousBlank = blank;
    if (blank || inIndentedCode) continue;
    const depth = quoteDepthOf(line);
    if (depth > quoteDepth) quoteDepth = depth;
    if (depth > 0) continue;
    mentionsOf(line, mentions);
  }
  return { mentions: [...mentions], quoteDepth };
}

/** Mentioned usernames (lower-cased, distinct) of a body. */
export function mentionsIn(body: string): string[] {
  return readPostBody(body).mentions;
}

/** What refuses a body: too many mentions or quotes nested too deep; null when it may be posted. */
export function postBodyProblem(body: string): 'too_many_mentions' | 'quotes_too_deep' | null {
  const facts = readPostBody(body);
  if (facts.quoteDepth > MAX_QUOTE_DEPTH) return 'quotes_too_deep';
  if (facts.mentions.length > MAX_MENTIONS) return 'too_many_mentions';
  return null;
}
