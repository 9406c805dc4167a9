// An item's body, rendered without ever running what it holds: markdown through react-markdown
// (raw HTML skipped, unsafe URLs dropped) and imported HTML parsed into a tree, both cut down by
// the same allow-list (rehype-sanitize's GitHub schema, less form inputs) and turned into React
// elements. No innerHTML anywhere. Loaded on demand: only item pages and the editor's preview
// need it.
import { Box, Link as ChakraLink } from '@chakra-ui/react';
import { fromHtml } from 'hast-util-from-html';
import { defaultSchema, sanitize, type Schema } from 'hast-util-sanitize';
import { toJsxRuntime, type Components, type Jsx } from 'hast-util-to-jsx-runtime';
import type { ComponentProps } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import Markdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import type { EducationSource } from '../../../shared/schemas/education';

const SCHEMA: Schema = {
  ...defaultSchema,
  // Task-list checkboxes would be unlabelled, read-only form controls.
  tagNames: (defaultSchema.tagNames ?? []).filter((name) => name !== 'input'),
  clobberPrefix: 'content-',
};

/** Same-origin addresses only: the page's security policy would block any other picture. */
function isOwnUrl(src: string): boolean {
  try {
    return new URL(src, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

function ContentImage({ src, alt, title }: ComponentProps<'img'> & { node?: unknown }) {
  if (typeof src !== 'string' || !src) return null;
  if (!isOwnUrl(src)) {
    // A picture hosted elsewhere (an imported post's) becomes a link to it rather than a hole.
    return (
      <ChakraLink href={src} rel="nofollow noopener noreferrer" colorPalette="purple">
        Image: {alt || title || 'external picture'}
      </ChakraLink>
    );
  }
  return <img src={src} alt={alt ?? ''} title={title} loading="lazy" />;
}

function ContentLink({ href, children, title }: ComponentProps<'a'> & { node?: unknown }) {
  const external = typeof href === 'string' && !isOwnUrl(href);
  return (
    <ChakraLink
      href={href}
      title={title}
      colorPalette="purple"
      color="colorPalette.fg"
      textDecoration="underline"
      rel={external ? 'nofollow noopener noreferrer' : undefined}
    >
      {children}
    </ChakraLink>
  );
}

/** react-markdown hands each component its syntax-tree node too: not a DOM attribute. */
type WithNode<T extends 'h2' | 'pre' | 'table'> = ComponentProps<T> & { node?: unknown };

const COMPONENTS = {
  a: ContentLink,
  img: ContentImage,
  // The page's own title is its h1: a body's headings start below it.
  h1: ({ node: _node, ...props }: WithNode<'h2'>) => <h2 {...props} />,
  // Code and tables scroll sideways on a phone: focusable, so a keyboard can scroll them too.
  pre: ({ node: _node, ...props }: WithNode<'pre'>) => <pre {...props} tabIndex={0} />,
  table: ({ node: _node, ...props }: WithNode<'table'>) => <table {...props} tabIndex={0} />,
};

function HtmlBody({ html }: { html: string }) {
  const tree = sanitize(fromHtml(html, { fragment: true }), SCHEMA);
  return toJsxRuntime(tree, {
    Fragment,
    jsx: jsx as Jsx,
    jsxs: jsxs as Jsx,
    components: COMPONENTS as Partial<Components>,
  });
}

export function SafeContent({ content, source }: { content: string; source: EducationSource }) {
  return (
    <Box
      className="education-content"
      lineHeight="tall"
      css={{
        '& h2': { fontSize: 'xl', fontWeight: 'semibold', mt: '6', mb: '3' },
        '& h3, & h4, & h5, & h6': { fontSize: 'lg', fontWeight: 'semibold', mt: '5', mb: '2' },
        '& p': { mb: '4' },
        '& ul, & ol': { ps: '6', mb: '4' },
        '& ul': { listStyleType: 'disc' },
        '& ol': { listStyleType: 'decimal' },
        '& li': { mb: '1' },
        '& blockquote': { borderStartWidth: '4px', ps: '4', color: 'fg.muted', mb: '4' },
        '& pre': { bg: 'bg.muted', p: '4', rounded: 'md', overflowX: 'auto', mb: '4' },
        '& code': { fontFamily: 'mono', fontSize: '0.9em' },
        '& table': { borderCollapse: 'collapse', mb: '4', display: 'block', overflowX: 'auto' },
        '& th, & td': { borderWidth: '1px', px: '3', py: '1.5', textAlign: 'start' },
        '& img': { maxW: 'full', h: 'auto', rounded: 'md', my: '4' },
        '& hr': { my: '6' },
      }}
    >
      {source === 'wordpress' ? (
        <HtmlBody html={content} />
      ) : (
        <Markdown
          remarkPlugins={[remarkGfm]}
          rehypePlugins={[[rehypeSanitize, SCHEMA]]}
          skipHtml
          components={COMPONENTS}
        >
          {content}
        </Markdown>
      )}
    </Box>
  );
}

export default SafeContent;
