// HTML that comes from another site (WordPress posts) is cut down to an allow-list before it is
// stored: text structure, links and images only. No script, style, frame, form or SVG, no event
// handler or style attribute, and no URL but http(s) (and mailto for links), judged after
// entities are decoded, so `jav&#x61;script:` or `&#106;avascript:` are links to nowhere. The
// client sanitizes again when it renders (src/client/components/education/SafeContent.tsx).
import { decodeHTML } from 'entities';
import sanitizeHtml from 'sanitize-html';

const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'code',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'ins',
  'sub',
  'sup',
  'small',
  'mark',
  'abbr',
  'cite',
  'q',
  'span',
  'div',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];

/** Elements dropped together with everything inside them (not just their tags). */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'noscript',
  'template',
  'textarea',
  'option',
  'select',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'svg',
  'math',
  'title',
  'head',
];

/** An absolute http(s) URL for a link or image of the post, or undefined to drop it. */
function absolute(value: string | undefined, base: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = base ? new URL(value, base) : new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:'
      ? url.toString()
      : undefined;
  } catch {
    return undefined;
  }
}

function withUrl(attribs: Record<string, string>, name: string, value: string | undefined) {
  const { [name]: _dropped, ...rest } = attribs;
  return value ? { ...rest, [name]: value } : rest;
}

/**
 * The post's HTML, allow-listed. `baseUrl` (the post's own address) makes relative links and
 * images point at the site they belong to rather than at ours.
 */
export function sanitizeImportedHtml(html: string, baseUrl?: string): string {
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      th: ['colspan', 'rowspan', 'scope'],
      td: ['colspan', 'rowspan'],
      ol: ['start', 'reversed'],
      li: ['value'],
      abbr: ['title'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
    allowProtocolRelative: false,
    allowedIframeHostnames: [],
    disallowedTagsMode: 'discard',
    nonTextTags: DROPPED_WITH_CONTENT,
    transformTags: {
      // The item's page has its own h1: the post's headings start one level below it.
      h1: 'h2',
      a: (tagName, attribs) => ({
        tagName,
        attribs: {
          ...withUrl(attribs, 'href', absolute(attribs.href, baseUrl)),
          rel: 'nofollow noopener noreferrer',
        },
      }),
      img: (tagName, attribs) => {
        const src = absolute(attribs.src, baseUrl);
        return {
          tagName,
          attribs: withUrl(attribs, 'src', src?.startsWith('mailto:') ? undefined : src),
        };
      },
    },
  }).trim();
}

/** Plain text of an HTML fragment (a post's title or excerpt): tags gone, entities decoded. */
export function htmlToText(html: string): string {
  const withoutTags = sanitizeHtml(html, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: DROPPED_WITH_CONTENT,
  });
  return decodeHTML(withoutTags).replace(/\s+/g, ' ').trim();
}

/** At most `max` characters, cut at a word where one is near, with an ellipsis. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}
