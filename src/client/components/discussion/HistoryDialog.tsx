// A post's earlier versions (discussion.history), newest first, for the organiser and moderators.
import { Box, Stack, Text } from '@chakra-ui/react';
import type { TPost } from '../../../shared/schemas/discussion';
import { trpc } from '../../lib/trpc';
import { AppDialog } from '../common/AppDialog';
import { Markdown } from '../common/Markdown';
import { TimeAgo } from './TimeAgo';

export function HistoryDialog({ post, onClose }: { post: TPost | null; onClose: () => void }) {
  const history = trpc.discussion.history.useQuery(
    { id: post?.id ?? 0 },
    { enabled: post !== null },
  );
  return (
    <AppDialog open={post !== null} onClose={onClose} title="Edit history" size="lg">
      {history.isError ? (
        <Text color="fg.muted">{history.error.message}</Text>
      ) : !history.data ? (
        <Text color="fg.muted" role="status">
          Loading…
        </Text>
      ) : history.data.length === 0 ? (
        <Text color="fg.muted">This post has not been edited.</Text>
      ) : (
        <Stack as="ol" gap="4" ps="0" aria-label="Earlier versions, newest first">
          {history.data.map((edit) => (
            <Box as="li" key={edit.id} listStyleType="none" borderWidth="1px" rounded="md" p="3">
              <Text fontSize="sm" color="fg.muted" mb="2">
                Replaced <TimeAgo date={edit.editedAt} />
                {edit.editor ? ` by ${edit.editor.username}` : ''}
              </Text>
              <Markdown>{edit.body}</Markdown>
            </Box>
          ))}
        </Stack>
      )}
    </AppDialog>
  );
}
