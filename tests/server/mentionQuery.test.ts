// The editor's @mention suggestions, their pure part (issue 32): which fragment the caret is in
// (the shared parser's rule for where a mention may start, 0-32 username characters), what
// choosing a member writes and where the caret goes, and moving through the list.
import { describe, expect, it } from 'vitest';
import {
  insertMention,
  mentionAt,
  movedActive,
  stillMatching,
} from '../../src/client/components/discussion/mentionQuery';

/** The fragment of `text` where `|` marks the caret. */
const at = (marked: string) => mentionAt(marked.replace('|', ''), marked.indexOf('|'));

describe('mentionAt', () => {
  it('finds `@` and the username characters typed before the caret', () => {
    expect(at('@|')).toEqual({ start: 0, end: 1, query: '' });
    expect(at('hi @al|')).toEqual({ start: 3, end: 6, query: 'al' });
    expect(at('line\n@bo.b_-1|')).toEqual({ start: 5, end: 13, query: 'bo.b_-1' });
    expect(at('(@ann|)')).toEqual({ start: 1, end: 5, query: 'ann' });
  });

  it('reaches to the end of a word the caret is inside', () => {
    expect(at('@al|ice and')).toEqual({ start: 0, end: 6, query: 'al' });
  });

  it('is nothing where no mention is being typed', () => {
    expect(at('')).toBeNull();
    expect(at('hello|')).toBeNull();
    expect(at('@alice |')).toBeNull();
    expect(at('mail me@ex|')).toBeNull();
    expect(at('`@co|')).toBeNull();
    expect(at('@@x|')).toBeNull();
    expect(at('@a!|')).toBeNull();
    expect(at('|@alice')).toBeNull();
  });

  it('stops after 32 characters, and checks what precedes a long query', () => {
    const q32 = 'a'.repeat(32);
    expect(at(`x @${q32}|`)).toEqual({ start: 2, end: 35, query: q32 });
    expect(at(`@${q32}|`)).toEqual({ start: 0, end: 33, query: q32 });
    expect(at(`@${q32}a|`)).toBeNull();
    expect(at(`me@${q32}|`)).toBeNull();
    expect(at(`me.@${q32}|`)).toBeNull();
  });
});

describe('insertMention', () => {
  it('writes `@username ` over the fragment, the caret after it', () => {
    const text = 'thanks @al';
    expect(insertMention(text, mentionAt(text, text.length)!, 'alice')).toEqual({
      text: 'thanks @alice ',
      caret: 14,
    });
  });

  it('replaces the whole word and keeps one space before what follows', () => {
    const text = 'hi @al|ice, and @b| more'.replace(/\|/g, '');
    expect(insertMention(text, mentionAt(text, 6)!, 'alicia')).toEqual({
      text: 'hi @alicia , and @b more',
      caret: 11,
    });
    expect(insertMention(text, mentionAt(text, 17)!, 'bob')).toEqual({
      text: 'hi @alice, and @bob more',
      caret: 20,
    });
  });
});

describe('the list', () => {
  it('keeps only suggestions that still fit the query, any case', () => {
    const rows = [{ username: 'Alice' }, { username: 'alan' }, { username: 'bob' }];
    expect(stillMatching(rows, 'AL')).toEqual([{ username: 'Alice' }, { username: 'alan' }]);
    expect(stillMatching(rows, 'ali')).toEqual([{ username: 'Alice' }]);
    expect(stillMatching(rows, '')).toEqual(rows);
  });

  it('moves the active option, wrapping around', () => {
    expect(movedActive(0, 3, 1)).toBe(1);
    expect(movedActive(2, 3, 1)).toBe(0);
    expect(movedActive(0, 3, -1)).toBe(2);
    expect(movedActive(0, 0, 1)).toBe(0);
  });
});
