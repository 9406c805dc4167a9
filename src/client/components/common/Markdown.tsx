// Markdown text (contest descriptions, articles) rendered safely: `<Markdown>{text}</Markdown>`.
// The renderer (react-markdown, rehype-sanitize) is a chunk of its own, fetched the first time a
// screen shows markdown, so no page that does not need it grows.
import { Skeleton } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';

const MarkdownRenderer = lazy(() => import('./MarkdownRenderer'));

export function Markdown({ children }: { children: string | null | undefined }) {
  return (
    <Suspense fallback={<Skeleton height="5" role="status" aria-label="Loading text" />}>
      <MarkdownRenderer>{children ?? ''}</MarkdownRenderer>
    </Suspense>
  );
}
