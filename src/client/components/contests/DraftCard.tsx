// A saved draft on the Drafts tab (SPEC 2.5): Draft badge, title, description, Continue Editing.
import { Button, Card, HStack, Heading, Text } from '@chakra-ui/react';
import { Pencil } from 'lucide-react';
import { Link } from 'wouter';
import type { TContestDraft } from '../../../shared/schemas/contests';
import { formatRelativeTime } from '../../lib/relativeTime';
import { ContestStatusBadge } from './ContestStatusBadge';
import { ContestCardFrame, type ContestLayout } from './ContestCard';

export function DraftCard({
  draft,
  layout = 'grid',
}: {
  draft: TContestDraft;
  layout?: ContestLayout;
}) {
  const list = layout === 'list';
  const title = draft.title.trim() || 'Untitled Contest';
  return (
    <ContestCardFrame coverImage={draft.coverImage} layout={layout}>
      <Card.Body gap="3">
        <HStack justify="space-between" align="flex-start" gap="2">
          {/* h2: the cards follow the page's h1 directly, as the contest cards do (axe). */}
          <Heading as="h2" size="md" overflowWrap="anywhere">
            {title}
          </Heading>
          <ContestStatusBadge status="draft" />
        </HStack>
        <Text color="fg.muted" lineClamp={3}>
          {draft.shortDescription || 'No description'}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          Saved {formatRelativeTime(draft.updatedAt)}
        </Text>
      </Card.Body>
      <Card.Footer>
        <Button asChild colorPalette="purple" size="sm" w={list ? 'auto' : 'full'}>
          <Link href={`/contests/create?draft=${draft.id}`}>
            <Pencil size={16} aria-hidden /> Continue Editing
            <Text as="span" srOnly>
              {' '}
              {title}
            </Text>
          </Link>
        </Button>
      </Card.Footer>
    </ContestCardFrame>
  );
}
