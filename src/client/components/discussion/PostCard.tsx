// One post of a topic: who wrote it and when, its body through the one safe renderer (a deleted
// or hidden post as muted words), and what the caller may do with it: upvote, quote, and in its
// menu edit and delete (the author), report (others), mark as the answer, history and bar (the
// organiser). Highlighted when the address names it or it is the topic's answer.
import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Quote } from 'lucide-react';
import { forwardRef, useState } from 'react';
import { HIDDEN_BODY } from '../../../shared/discussion';
import type { TPost } from '../../../shared/schemas/discussion';
import { trpc } from '../../lib/trpc';
import { Markdown } from '../common/Markdown';
import { RowActionsMenu } from '../common/RowActionsMenu';
import { PostAuthor } from './PostAuthor';
import { PostEditor } from './PostEditor';
import { UpvoteButton } from './UpvoteButton';
import { discussionToasts, type TopicMutations } from './useTopicMutations';
import { toastOutcome } from '../../lib/toastOutcome';

export interface PostCardActions {
  onQuote: (post: TPost) => void;
  onDelete: (post: TPost) => void;
  onReport: (post: TPost) => void;
  onHistory: (post: TPost) => void;
  onBar: (post: TPost) => void;
  onAnswer: (post: TPost, answer: boolean) => void;
}

interface Props {
  post: TPost;
  /** The post's contest (whose members an edit may @mention). */
  contestId: number;
  viewerId: number;
  organiserId: number | null;
  canPost: boolean;
  canModerate: boolean;
  opening: boolean;
  answer: boolean;
  highlighted: boolean;
  locked: boolean;
  mutations: TopicMutations;
  actions: PostCardActions;
}

function Body({ post }: { post: TPost }) {
  if (post.deleted || post.body === HIDDEN_BODY) {
    return (
      <Text color="fg.muted" fontStyle="italic">
        {post.body}
      </Text>
    );
  }
  return (
    <Stack gap="1">
      {post.hidden ? (
        <Text color="fg.muted" fontSize="sm" fontStyle="italic">
          Hidden from others pending a moderator's review.
        </Text>
      ) : null}
      <Markdown>{post.body}</Markdown>
    </Stack>
  );
}

export const PostCard = forwardRef<HTMLElement, Props>(function PostCard(
  {
    post,
    contestId,
    viewerId,
    organiserId,
    canPost,
    canModerate,
    opening,
    answer,
    highlighted,
    locked,
    mutations,
    actions,
  },
  ref,
) {
  const [editing, setEditing] = useState(false);
  const edit = trpc.discussion.editPost.useMutation(
    toastOutcome(discussionToasts, {
      success: 'Post saved',
      failure: 'The post could not be saved',
    }),
  );
  const own = post.author?.id === viewerId;
  const who = post.author?.username ?? 'a former member';
  const live = !post.deleted;
  const menuActions = [
    own &&
      live &&
      canPost && {
        value: 'edit',
        label: 'Edit',
        onSelect: () => setEditing(true),
      },
    live &&
      (own || canModerate) && {
        value: 'delete',
        label: 'Delete',
        danger: true,
        onSelect: () => actions.onDelete(post),
      },
    live &&
      !own && {
        value: 'report',
        label: 'Report',
        onSelect: () => actions.onReport(post),
      },
    canModerate &&
      !opening &&
      live && {
        value: 'answer',
        label: answer ? 'Unmark as answer' : 'Mark as answer',
        onSelect: () => actions.onAnswer(post, !answer),
      },
    canModerate &&
      post.editedAt !== null && {
        value: 'history',
        label: 'History',
        onSelect: () => actions.onHistory(post),
      },
    canModerate &&
      post.author &&
      post.author.id !== viewerId && {
        value: 'bar',
        label: 'Bar member',
        danger: true,
        onSelect: () => actions.onBar(post),
      },
  ];
  return (
    <Box
      as="article"
      ref={ref}
      id={`post-${post.id}`}
      tabIndex={-1}
      aria-label={`${opening ? 'Opening post' : 'Reply'} by ${who}`}
      borderWidth={answer || highlighted ? '2px' : '1px'}
      borderColor={answer ? 'green.solid' : highlighted ? 'purple.solid' : 'border'}
      bg={highlighted ? 'purple.subtle' : undefined}
      rounded="md"
      p="3"
      scrollMarginTop="20"
    >
      <Stack gap="2">
        <HStack justify="space-between" align="flex-start" gap="2">
          <PostAuthor post={post} organiserId={organiserId} />
          <HStack gap="1">
            {answer ? (
              <Badge colorPalette="green" variant="solid" size="sm">
                Answer
              </Badge>
            ) : null}
            {menuActions.some(Boolean) ? (
              <RowActionsMenu
                rowLabel={`the ${opening ? 'opening post' : 'reply'} by ${who}`}
                actions={menuActions}
              />
            ) : null}
          </HStack>
        </HStack>
        {editing ? (
          <PostEditor
            mode="edit"
            label="Edit your post"
            idPrefix={`edit-${post.id}`}
            contestId={contestId}
            initial={{ body: post.body }}
            submitLabel="Save"
            submit={(values) => edit.mutateAsync({ id: post.id, body: values.body })}
            onDone={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <Body post={post} />
        )}
        {live ? (
          <HStack gap="2">
            <UpvoteButton post={post} own={own} canVote={canPost} mutations={mutations} />
            {canPost && (!locked || canModerate) ? (
              <Button size="xs" variant="ghost" onClick={() => actions.onQuote(post)}>
                <Quote size={14} aria-hidden /> Quote
                <Text as="span" srOnly>
                  {` the post by ${who}`}
                </Text>
              </Button>
            ) : null}
          </HStack>
        ) : null}
      </Stack>
    </Box>
  );
});
