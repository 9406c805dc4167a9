// The Outbox's messages show their http(s) links as links (src/client/lib/textLinks.ts), and
// nothing else.
import { describe, expect, it } from 'vitest';
import { splitLinks } from '../../src/client/lib/textLinks';

describe('splitLinks', () => {
  it('separates the http(s) links from the text around them', () => {
    expect(
      splitLinks(
        'Hello ann,\n\nConfirm: https://contests.example.org/verify-email?token=abc_1.\nThanks',
      ),
    ).toEqual([
      { text: 'Hello ann,\n\nConfirm: ' },
      { href: 'https://contests.example.org/verify-email?token=abc_1' },
      { text: '.\nThanks' },
    ]);
    expect(splitLinks('(see http://127.0.0.1:5000/contests/3)')).toEqual([
      { text: '(see ' },
      { href: 'http://127.0.0.1:5000/contests/3' },
      { text: ')' },
    ]);
  });

  it('leaves other schemes and plain text as text', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'ftp://example.org/file',
      'mailto:ann@example.org',
      'no links here',
      'http:// nothing',
    ]) {
      expect(splitLinks(text)).toEqual([{ text }]);
    }
    expect(splitLinks('')).toEqual([]);
  });

  it('finds every link of a message', () => {
    const pieces = splitLinks('a https://a.example/1 b https://b.example/2');
    expect(pieces.filter((p) => 'href' in p)).toEqual([
      { href: 'https://a.example/1' },
      { href: 'https://b.example/2' },
    ]);
  });
});
