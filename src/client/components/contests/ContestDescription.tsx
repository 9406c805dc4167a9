// A contest's description as markdown (PRODUCT.md: rendered safely). react-markdown never renders
// raw HTML (no rehype-raw), rehype-sanitize keeps only GitHub's safe subset of elements and
// attributes, and its URL rules drop 'javascript:' and 'data:' links. Loaded on demand: only the
// detail page needs the markdown parser.
import { Box, Link } from '@chakra-ui/react';
import Markdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';

// The page has its h1 (the title) and h2 sections: a description's headings sit below them.
const components: Components = {
  h1: ({ children }) => <h3>{children}</h3>,
  h2: ({ children }) => <h3>{children}</h3>,
  h3: ({ children }) => <h4>{children}</h4>,
  h4: ({ children }) => <h5>{children}</h5>,
  h5: ({ children }) => <h5>{children}</h5>,
  h6: ({ children }) => <h5>{children}</h5>,
  a: ({ href, children }) => (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      color="purple.fg"
      variant="underline"
    >
      {children}
    </Link>
  ),
};

export default function ContestDescription({ markdown }: { markdown: string }) {
  return (
    <Box
      css={{
        '& h3': { fontSize: 'lg', fontWeight: 'semibold', mt: '5', mb: '2' },
        '& h4, & h5': { fontSize: 'md', fontWeight: 'semibold', mt: '4', mb: '2' },
        '& p': { my: '3', lineHeight: '1.7' },
        '& ul': { listStyleType: 'disc', ps: '6', my: '3' },
        '& ol': { listStyleType: 'decimal', ps: '6', my: '3' },
        '& li': { my: '1' },
        '& code': { fontFamily: 'mono', bg: 'bg.muted', px: '1', rounded: 'sm', fontSize: 'sm' },
        '& pre': { bg: 'bg.muted', p: '3', rounded: 'md', overflowX: 'auto', my: '3' },
        '& pre code': { bg: 'transparent', p: '0' },
        '& blockquote': { borderStartWidth: '4px', ps: '4', color: 'fg.muted', my: '3' },
        '& table': { display: 'block', overflowX: 'auto', my: '3' },
        '& th, & td': { borderWidth: '1px', px: '2', py: '1' },
        '& > :first-child': { mt: '0' },
        overflowWrap: 'anywhere',
      }}
    >
      <Markdown
        rehypePlugins={[rehypeSanitize]}
        components={components}
        // The content security policy lets the page show only this site's images, and a member's
        // description should not make every reader fetch from elsewhere: images become their alt.
        disallowedElements={['img']}
        unwrapDisallowed
      >
        {markdown}
      </Markdown>
    </Box>
  );
}
