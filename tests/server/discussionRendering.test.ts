// The discussion's client rules that need no browser: the markdown renderer's safety for what
// members write (links marked nofollow ugc, images only from this site's uploads, nesting cut so
// 10,000 nested quotes render at once), the 'N new replies' count, and the quote prefill.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ChakraProvider } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import MarkdownRenderer from '../../src/client/components/common/MarkdownRenderer';
import {
  MAX_MARKDOWN_DEPTH,
  capMarkdownSource,
} from '../../src/client/components/common/markdownDepth';
import { newPostsSince } from '../../src/client/components/discussion/newReplies';
import { quoted } from '../../src/client/components/discussion/ReplyBox';
import { system } from '../../src/client/lib/system';
import type { TTopicListItem } from '../../src/shared/schemas/discussion';

const render = (text: string) =>
  renderToString(
    createElement(ChakraProvider, {
      value: system,
      children: createElement(MarkdownRenderer, null, text),
    }),
  );
const count = (html: string, tag: string) =>
  (html.match(new RegExp(`<${tag}[ >]`, 'g')) ?? []).length;

describe('the markdown renderer, for what members write', () => {
  it('marks external links nofollow ugc, and shows only uploads as images', () => {
    const html = render(
      '[site](https://example.org) ![ok](/uploads/abc.png) ![far](https://evil.example/x.png) ![up](/uploads/../secret)',
    );
    expect(html).toContain('rel="nofollow ugc noopener noreferrer"');
    expect(html).toContain('<img src="/uploads/abc.png" alt="ok"');
    expect(count(html, 'img')).toBe(1);
    expect(html).toContain('href="https://evil.example/x.png"');
  });

  it('drops raw HTML and script links', () => {
    const html = render(
      '<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)>',
    );
    expect(html).not.toMatch(/<script|javascript:|onerror/);
  });

  it('cuts deep nesting before the parse: 20,000 characters of quotes render at once', () => {
    for (const text of ['>'.repeat(19_999), '> '.repeat(9_999) + 'x', '> - '.repeat(4_999) + 'x']) {
      const started = Date.now();
      const html = render(text);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(count(html, 'blockquote')).toBeLessThanOrEqual(MAX_MARKDOWN_DEPTH);
    }
    expect(capMarkdownSource('> > quoted\n  indented code')).toBe('> > quoted\n  indented code');
    expect(capMarkdownSource(`${'> '.repeat(40)}deep`)).toBe(
      `${'> '.repeat(MAX_MARKDOWN_DEPTH)}deep`,
    );
  });
});

describe("the list's 'N new replies'", () => {
  const topic = (id: number, replyCount: number) => ({ id, replyCount }) as TTopicListItem;
  it('counts new replies and one per new topic, never less than nothing', () => {
    expect(newPostsSince([topic(1, 2), topic(2, 5)], [topic(1, 4), topic(2, 5)])).toBe(2);
    expect(newPostsSince([topic(1, 2)], [topic(3, 0), topic(1, 2)])).toBe(1);
    expect(newPostsSince([topic(1, 3)], [topic(1, 2)])).toBe(0);
  });
});

describe('Quote', () => {
  it('prefills every line after "> " and leaves a line to write on', () => {
    expect(quoted('first\n\nsecond')).toBe('> first\n>\n> second\n\n');
  });
});
