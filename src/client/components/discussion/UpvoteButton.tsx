// A post's upvotes: a toggle with its count (aria-pressed), never on one's own post, and shown
// but disabled, saying why, for who may not vote.
import { Button, Text } from '@chakra-ui/react';
import { ThumbsUp } from 'lucide-react';
import type { TPost } from '../../../shared/schemas/discussion';
import type { TopicMutations } from './useTopicMutations';

export function UpvoteButton({
  post,
  own,
  canVote,
  mutations,
}: {
  post: TPost;
  own: boolean;
  /** Whether the caller may write here at all (upvotes follow the same rule). */
  canVote: boolean;
  mutations: Pick<TopicMutations, 'upvote' | 'removeUpvote'>;
}) {
  const who = post.author?.username ?? 'a former member';
  const why = own
    ? 'You cannot upvote your own post'
    : post.deleted
      ? 'This post was deleted'
      : !canVote && !post.upvotedByMe
        ? 'Only members who may post here can upvote'
        : null;
  const pending = mutations.upvote.isPending || mutations.removeUpvote.isPending;
  const toggle = () =>
    (post.upvotedByMe ? mutations.removeUpvote : mutations.upvote).mutate({ id: post.id });
  return (
    <Button
      size="xs"
      variant={post.upvotedByMe ? 'subtle' : 'ghost'}
      colorPalette={post.upvotedByMe ? 'purple' : 'gray'}
      aria-pressed={post.upvotedByMe}
      title={why ?? undefined}
      disabled={why !== null || pending}
      onClick={toggle}
    >
      <ThumbsUp size={14} aria-hidden />
      {/* The visible count ends the name (axe: label-content-name-mismatch). */}
      <Text as="span" srOnly>
        {why ? `Upvotes (${why}): ` : `Upvote the post by ${who}, upvotes: `}
      </Text>
      {post.upvotes}
    </Button>
  );
}
