// Who wrote a post and when: the avatar, the username, a badge for staff and the contest's
// organiser, the time, and 'edited' with its time.
import { Badge, HStack, Text } from '@chakra-ui/react';
import type { TPost } from '../../../shared/schemas/discussion';
import { UserAvatar } from '../common/UserAvatar';
import { TimeAgo } from './TimeAgo';

const ROLE_BADGES = { admin: 'Admin', moderator: 'Moderator' } as const;

export function PostAuthor({ post, organiserId }: { post: TPost; organiserId: number | null }) {
  const author = post.author;
  const name = author?.username ?? 'Former member';
  const role = author && author.role in ROLE_BADGES ? ROLE_BADGES[author.role as 'admin'] : null;
  return (
    <HStack gap="2" wrap="wrap" fontSize="sm">
      <UserAvatar name={name} src={author?.profileImage} size="xs" />
      <Text fontWeight="semibold">{name}</Text>
      {author && author.id === organiserId ? (
        <Badge colorPalette="purple" variant="subtle" size="sm">
          Organiser
        </Badge>
      ) : null}
      {role ? (
        <Badge colorPalette="blue" variant="subtle" size="sm">
          {role}
        </Badge>
      ) : null}
      <Text color="fg.muted">
        <TimeAgo date={post.createdAt} />
      </Text>
      {post.editedAt && !post.deleted ? (
        <Text color="fg.muted">
          · edited <TimeAgo date={post.editedAt} />
        </Text>
      ) : null}
    </HStack>
  );
}
