// The @mention being typed at the caret, and what choosing a suggestion writes (issue 32): pure
// functions, so the editor's keyboard handling stays small and these are tested on their own. A
// mention starts as the shared parser's does (the start of a line, or after a character that
// cannot be part of a username, so an e-mail address suggests nobody).
import { USERNAME_CHARS } from '../../../shared/mentions';

/** The server answers queries of at most this many characters (ZMentionableRequest). */
export const MAX_MENTION_QUERY = 32;

export interface MentionFragment {
  /** Where the `@` is. */
  start: number;
  /** Where the username typed so far ends (the caret, or the end of a word the caret is in). */
  end: number;
  /** The characters between the `@` and the caret (0-32 of them). */
  query: string;
}

const USERNAME_CHAR = new RegExp(`[${USERNAME_CHARS}]`);
const FRAGMENT_BEFORE_CARET = new RegExp(
  `(?:^|[^${USERNAME_CHARS}\`@])@([${USERNAME_CHARS}]{0,${MAX_MENTION_QUERY}})$`,
);

/** The mention being typed just before `caret`, or null when the caret is not right after one. */
export function mentionAt(text: string, caret: number): MentionFragment | null {
  if (caret < 1 || caret > text.length) return null;
  // A username is at most 50 characters: nothing further back can matter.
  const from = Math.max(0, caret - MAX_MENTION_QUERY - 2);
  const match = FRAGMENT_BEFORE_CARET.exec(text.slice(from, caret));
  if (!match) return null;
  const query = match[1]!;
  const start = caret - query.length - 1;
  // `from` cut the line: the character before the `@` was checked only if it was kept.
  if (start === from && from > 0 && !mayPrecede(text[from - 1]!)) return null;
  let end = caret;
  while (end < text.length && USERNAME_CHAR.test(text[end]!)) end++;
  return { start, end, query };
}

function mayPrecede(char: string): boolean {
  return !USERNAME_CHAR.test(char) && char !== '`' && char !== '@';
}

/** The text with the fragment replaced by `@username ` and the caret just after that space. */
export function insertMention(
  text: string,
  fragment: MentionFragment,
  username: string,
): { text: string; caret: number } {
  const written = `@${username} `;
  // A space already after the word is kept as the one separating it from what follows.
  const after = text.slice(fragment.end).replace(/^ /, '');
  return {
    text: text.slice(0, fragment.start) + written + after,
    caret: fragment.start + written.length,
  };
}

/** The suggestions that still fit the query (a slower answer to a shorter one may be shown). */
export function stillMatching<T extends { username: string }>(
  options: readonly T[],
  query: string,
) {
  const prefix = query.toLowerCase();
  return options.filter((o) => o.username.toLowerCase().startsWith(prefix));
}

/** The active option after ArrowDown (+1) or ArrowUp (-1), wrapping around. */
export function movedActive(active: number, count: number, step: 1 | -1): number {
  if (count === 0) return 0;
  return (active + step + count) % count;
}
