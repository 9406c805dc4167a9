// The markdown renderer behind Markdown.tsx (loaded on demand). Safe by construction: raw HTML
// in the text is dropped (skipHtml), rehype-sanitize keeps only GitHub's allow-list of elements
// and attributes, and links keep only web and mail protocols (no 'javascript:' or 'data:').
// What members write (descriptions, discussion posts, issue 32): external links are marked
// `rel="nofollow ugc noopener noreferrer"` (no ranking passed to what a member links, no window
// handed over), images show only from this site's uploads (/uploads/...; others as a link), and
// quotes and lists nest at most MAX_MARKDOWN_DEPTH deep (markdownDepth.ts), so 10,000 nested
// '>' cannot hang the page.
import { Box, Code, Heading, Link, List, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import { capMarkdownDepth, capMarkdownSource } from './markdownDepth';

const SAFE_LINK = /^(https?:|mailto:|\/(?!\/)|#)/i;
/** This site's uploaded files (src/server/http/uploads.ts serves GET /uploads/:name). */
const UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9._-]+$/;

function safeHref(href: string | undefined): string | undefined {
  return href && SAFE_LINK.test(href.trim()) ? href.trim() : undefined;
}

// Headings inside a text are sections of the page it sits on: they start at h3 so they never
// compete with the page's h1 and its section headings.
const heading =
  (as: 'h3' | 'h4' | 'h5' | 'h6', size: 'md' | 'sm' | 'xs') =>
  ({ children }: { children?: ReactNode }) => (
    <Heading as={as} size={size} mt="4" mb="2">
      {children}
    </Heading>
  );

const components: Components = {
  h1: heading('h3', 'md'),
  h2: heading('h3', 'md'),
  h3: heading('h4', 'sm'),
  h4: heading('h5', 'xs'),
  h5: heading('h6', 'xs'),
  h6: heading('h6', 'xs'),
  p: ({ children }) => <Text mb="3">{children}</Text>,
  a: ({ href, children }) => {
    const target = safeHref(href);
    if (!target) return <>{children}</>;
    const external = /^https?:/i.test(target);
    return (
      <Link
        href={target}
        color="purple.fg"
        textDecoration="underline"
        {...(external ? { target: '_blank', rel: 'nofollow ugc noopener noreferrer' } : {})}
      >
        {children}
      </Link>
    );
  },
  ul: ({ children }) => (
    <List.Root as="ul" ps="5" mb="3">
      {children}
    </List.Root>
  ),
  ol: ({ children }) => (
    <List.Root as="ol" ps="5" mb="3">
      {children}
    </List.Root>
  ),
  li: ({ children }) => <List.Item>{children}</List.Item>,
  blockquote: ({ children }) => (
    <Box as="blockquote" borderStartWidth="4px" borderColor="border" ps="4" color="fg.muted" mb="3">
      {children}
    </Box>
  ),
  code: ({ children }) => <Code>{children}</Code>,
  pre: ({ children }) => (
    <Box as="pre" overflowX="auto" mb="3" p="3" rounded="md" bg="bg.muted">
      {children}
    </Box>
  ),
  // The server's content policy only loads images from this site; others are shown as links.
  img: ({ src, alt }) => {
    const url = typeof src === 'string' ? safeHref(src) : undefined;
    if (url && UPLOAD_PATH.test(url)) {
      return <img src={url} alt={alt ?? ''} style={{ maxWidth: '100%' }} />;
    }
    if (!url) return <>{alt}</>;
    const external = /^https?:/i.test(url);
    return (
      <Link
        href={url}
        color="purple.fg"
        textDecoration="underline"
        {...(external ? { target: '_blank', rel: 'nofollow ugc noopener noreferrer' } : {})}
      >
        {alt || url}
      </Link>
    );
  },
};

export default function MarkdownRenderer({ children }: { children: string }) {
  return (
    <Box className="markdown" overflowWrap="anywhere">
      <ReactMarkdown
        skipHtml
        remarkPlugins={[capMarkdownDepth]}
        rehypePlugins={[rehypeSanitize]}
        components={components}
      >
        {capMarkdownSource(children)}
      </ReactMarkdown>
    </Box>
  );
}
