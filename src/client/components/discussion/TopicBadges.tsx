// What a topic is at a glance: pinned, an announcement, locked, answered.
import { Badge, HStack } from '@chakra-ui/react';
import type { TTopicListItem } from '../../../shared/schemas/discussion';

export function TopicBadges({ topic }: { topic: TTopicListItem }) {
  const badges = [
    topic.announcement ? { label: 'Announcement', color: 'purple' } : null,
    topic.pinned && !topic.announcement ? { label: 'Pinned', color: 'blue' } : null,
    topic.locked ? { label: 'Locked', color: 'orange' } : null,
    topic.answerId !== null ? { label: 'Answered', color: 'green' } : null,
  ].filter((b) => b !== null);
  if (!badges.length) return null;
  return (
    <HStack gap="1" wrap="wrap">
      {badges.map((b) => (
        <Badge key={b.label} colorPalette={b.color} variant="subtle" size="sm">
          {b.label}
        </Badge>
      ))}
    </HStack>
  );
}
