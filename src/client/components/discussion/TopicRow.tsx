// One topic in the list: its title (a link to its page) with its badges, who started it, its
// replies and upvotes, and who posted last and when.
import { Box, HStack, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { MessageSquare, ThumbsUp } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import type { TTopicListItem } from '../../../shared/schemas/discussion';
import { postSearch } from './discussionParams';
import { TimeAgo } from './TimeAgo';
import { TopicBadges } from './TopicBadges';

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function TopicRow({ topic }: { topic: TTopicListItem }) {
  const [path] = useLocation();
  return (
    <Box as="li" listStyleType="none" borderWidth="1px" rounded="md" p="3">
      <Stack gap="1">
        <HStack gap="2" wrap="wrap" align="center">
          <Heading as="h3" size="sm">
            <ChakraLink asChild color="purple.fg" fontWeight="semibold">
              <Link href={`${path}${postSearch(topic.id)}`}>{topic.title}</Link>
            </ChakraLink>
          </Heading>
          <TopicBadges topic={topic} />
        </HStack>
        <HStack gap="4" wrap="wrap" fontSize="sm" color="fg.muted">
          <Text>by {topic.author?.username ?? 'a former member'}</Text>
          <HStack gap="1">
            <MessageSquare size={14} aria-hidden />
            <Text>{plural(topic.replyCount, 'reply', 'replies')}</Text>
          </HStack>
          <HStack gap="1">
            <ThumbsUp size={14} aria-hidden />
            <Text>{plural(topic.upvotes, 'upvote', 'upvotes')}</Text>
          </HStack>
          <Text>
            last post {topic.lastPoster ? `by ${topic.lastPoster.username} ` : ''}
            <TimeAgo date={topic.lastPostAt} />
          </Text>
        </HStack>
      </Stack>
    </Box>
  );
}
