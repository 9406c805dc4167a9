// One contest on /contests and on the dashboard's Featured grid (SPEC 2.4, 2.5): the cover, title,
// short description, dates, participants, the prize table in one line when there is one ('Prize
// pool: 1,750 USDT, top 3', issue 30), category, required tier, entry fee, status and
// 'View Details'.
import { Badge, Card, Flex, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { CalendarDays, Trophy, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { CATEGORY_LABELS } from '../../../shared/contests';
import type { TContestListItem } from '../../../shared/schemas/contests';
import { ContestCover } from './ContestCover';
import { ContestStatusBadge } from './ContestStatusBadge';
import { EntryBadge } from './EntryBadge';
import { contestDates, participantsText, tierLabel } from './contestDisplay';
import { LinkButton, OfTitle } from '../common/LinkButton';

export type ContestLayout = 'grid' | 'list';

export const SHORT_DESCRIPTION_FALLBACK = 'Join this exciting contest!';

function Facts({ contest }: { contest: TContestListItem }) {
  return (
    <Stack gap="1.5" fontSize="sm" color="fg.muted">
      <HStack gap="2">
        <CalendarDays size={16} aria-hidden />
        <Text>{contestDates(contest)}</Text>
      </HStack>
      <HStack gap="2">
        <Users size={16} aria-hidden />
        <Text>{participantsText(contest)} participants</Text>
      </HStack>
      {contest.prizeSummary ? (
        <HStack gap="2">
          <Trophy size={16} aria-hidden />
          <Text>{contest.prizeSummary}</Text>
        </HStack>
      ) : null}
      <HStack gap="2" wrap="wrap">
        <Badge variant="outline">{CATEGORY_LABELS[contest.category]}</Badge>
        <Badge variant="outline" colorPalette="purple">
          {tierLabel(contest.requiredTier)} tier
        </Badge>
        <EntryBadge contest={contest} />
      </HStack>
    </Stack>
  );
}

/**
 * The card around a contest or a draft: the cover beside the text in the list layout, above it in
 * the grid; the body and footer are the caller's.
 */
export function ContestCardFrame({
  coverImage,
  layout,
  children,
}: {
  coverImage: string | null;
  layout: ContestLayout;
  children: ReactNode;
}) {
  const list = layout === 'list';
  return (
    <Card.Root
      as="article"
      overflow="hidden"
      flexDirection={list ? { base: 'column', sm: 'row' } : 'column'}
      h="full"
    >
      <ContestCover
        src={coverImage}
        card
        flexShrink={0}
        w={list ? { base: 'full', sm: '56' } : 'full'}
        alignSelf={list ? { sm: 'stretch' } : undefined}
      />
      <Flex direction="column" flex="1" minW="0">
        {children}
      </Flex>
    </Card.Root>
  );
}

export function ContestCard({
  contest,
  layout = 'grid',
  headingLevel = 'h3',
}: {
  contest: TContestListItem;
  layout?: ContestLayout;
  headingLevel?: 'h2' | 'h3';
}) {
  const list = layout === 'list';
  return (
    <ContestCardFrame coverImage={contest.coverImage} layout={layout}>
      <Card.Body gap="3">
        <HStack justify="space-between" align="flex-start" gap="2">
          <Heading as={headingLevel} size="md" overflowWrap="anywhere">
            {contest.title}
          </Heading>
          <ContestStatusBadge status={contest.status} />
        </HStack>
        <Text color="fg.muted" lineClamp={list ? 2 : 3}>
          {contest.shortDescription || SHORT_DESCRIPTION_FALLBACK}
        </Text>
        <Facts contest={contest} />
      </Card.Body>
      <Card.Footer>
        <LinkButton
          href={`/contests/${contest.id}`}
          colorPalette="purple"
          size="sm"
          w={list ? 'auto' : 'full'}
        >
          View Details
          <OfTitle title={contest.title} />
        </LinkButton>
      </Card.Footer>
    </ContestCardFrame>
  );
}
