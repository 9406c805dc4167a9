// The reply editor under a topic's replies, prefilled by 'Quote' ('> the quoted words', and the
// quoted post kept as quoteId); in its place, why the caller cannot reply (locked, barred, ...).
import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { forwardRef } from 'react';
import type { TTopicView } from '../../../shared/schemas/discussion';
import { trpc } from '../../lib/trpc';
import { toastOutcome } from '../../lib/toastOutcome';
import { PostEditor } from './PostEditor';
import { discussionToasts } from './useTopicMutations';
import { WriteNotice } from './WriteNotice';

export interface QuoteDraft {
  postId: number;
  username: string;
  body: string;
  /** A new editor each time 'Quote' is pressed, prefilled with it. */
  nonce: number;
}

/** The quoted post's words, each line after '> ', then a blank line to write under. */
export function quoted(body: string): string {
  return `${body
    .split('\n')
    .map((line) => `> ${line}`.trimEnd())
    .join('\n')}\n\n`;
}

export const ReplyBox = forwardRef<
  HTMLDivElement,
  {
    topic: TTopicView;
    quote: QuoteDraft | null;
    onClearQuote: () => void;
    onReplied: (postId: number) => void;
  }
>(function ReplyBox({ topic, quote, onClearQuote, onReplied }, ref) {
  const reply = trpc.discussion.reply.useMutation(
    toastOutcome(discussionToasts, {
      success: 'Reply posted',
      failure: 'The reply was not posted',
    }),
  );
  if (!topic.canPost) return <WriteNotice refusal={topic.postRefusal} />;
  if (topic.locked && !topic.canModerate) {
    return (
      <Alert.Root status="info" size="sm">
        <Alert.Indicator />
        <Alert.Title>This topic is locked: no new replies.</Alert.Title>
      </Alert.Root>
    );
  }
  return (
    <Stack gap="2" ref={ref} tabIndex={-1}>
      {quote ? (
        <HStack gap="2" fontSize="sm">
          <Text color="fg.muted">Quoting {quote.username}</Text>
          <Button size="xs" variant="ghost" onClick={onClearQuote}>
            Remove quote
          </Button>
        </HStack>
      ) : null}
      <PostEditor
        key={quote?.nonce ?? 0}
        mode="reply"
        label="Reply"
        idPrefix="reply"
        contestId={topic.contestId}
        initial={{ body: quote ? quoted(quote.body) : '' }}
        submitLabel="Post reply"
        submit={(values) =>
          reply.mutateAsync({ topicId: topic.id, body: values.body, quoteId: quote?.postId })
        }
        onDone={(post) => {
          onClearQuote();
          onReplied(post.id);
        }}
      />
    </Stack>
  );
});
