// 'New topic': the editor with a title, opened from the list or prefilled by a 'Discuss this'
// link; once posted, the new topic's page.
import { Heading, Stack } from '@chakra-ui/react';
import { trpc } from '../../lib/trpc';
import { toastOutcome } from '../../lib/toastOutcome';
import { PostEditor } from './PostEditor';
import { discussionToasts } from './useTopicMutations';

export function NewTopic({
  contestId,
  canAnnounce,
  initial,
  onPosted,
  onCancel,
}: {
  contestId: number;
  canAnnounce: boolean;
  initial: { title: string; body: string };
  onPosted: (topicId: number) => void;
  onCancel: () => void;
}) {
  const create = trpc.discussion.createTopic.useMutation(
    toastOutcome(discussionToasts, {
      success: 'Topic posted',
      failure: 'The topic was not posted',
    }),
  );
  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">
        New topic
      </Heading>
      <PostEditor
        mode="topic"
        label="New topic"
        idPrefix="new-topic"
        contestId={contestId}
        initial={initial}
        canAnnounce={canAnnounce}
        submitLabel="Post topic"
        submit={(values) =>
          create.mutateAsync({
            contestId,
            title: values.title,
            body: values.body,
            ...(canAnnounce && values.announcement ? { announcement: true } : {}),
          })
        }
        onDone={(topic) => onPosted(topic.id)}
        onCancel={onCancel}
      />
    </Stack>
  );
}
