// The organiser's two buttons: 'Re-score all' (after a new key or metric; the bar shows how many
// are scored under the current version) and 'Publish private board', asked once more in a
// dialog, since the final ranks cannot be taken back.
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { TEvaluationView } from '../../../shared/schemas/submissions';
import { errorMessage } from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { ProgressBar } from '../common/ProgressBar';

const toasts = keyedToasts('evaluationActions');

function RescoreProgress({ scored, total }: { scored: number; total: number }) {
  return (
    <ProgressBar
      value={total ? Math.round((scored / total) * 100) : 100}
      aria-label="Re-scoring progress"
      maxW="md"
      label="Re-scoring"
      status={`Scored ${scored} of ${total}`}
    />
  );
}

export function EvaluationActions({ view }: { view: TEvaluationView }) {
  const [confirming, setConfirming] = useState(false);
  const rescore = trpc.submissions.rescore.useMutation({
    onSuccess: () => toasts.success('Re-scoring started', 'Every submission is scored again.'),
    onError: (e) => toasts.error('Not re-scored', errorMessage(e, 'Re-scoring could not start')),
  });
  const publish = trpc.submissions.publish.useMutation({
    onSuccess: (r) => {
      setConfirming(false);
      toasts.success('Private board published', `${r.ranked} ranked: the final places are set.`);
    },
    onError: (e) => {
      setConfirming(false);
      toasts.error('Not published', errorMessage(e, 'The board could not be published'));
    },
  });
  const key = view.key;
  if (!key || !view.keyReady) return null;
  const pending = key.scored < key.total;
  if (view.published) {
    return <Text fontSize="sm">The private board is published: the final places are set.</Text>;
  }
  return (
    <Stack gap="3">
      {pending ? (
        <Stack role="status" aria-live="polite">
          <RescoreProgress scored={key.scored} total={key.total} />
        </Stack>
      ) : null}
      <HStack gap="3" wrap="wrap">
        <Button
          variant="outline"
          loading={rescore.isPending}
          disabled={key.total === 0}
          onClick={() => rescore.mutate({ contestId: view.contestId })}
        >
          Re-score all
        </Button>
        <Button colorPalette="purple" onClick={() => setConfirming(true)}>
          Publish private board
        </Button>
      </HStack>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Publish the private board?"
        confirmLabel="Publish"
        colorPalette="purple"
        loading={publish.isPending}
        onConfirm={() => publish.mutate({ contestId: view.contestId })}
      >
        <Text>
          The private board decides the final ranks: members see it, their private scores and their
          move from the public board. Submissions and selections close, and this cannot be undone.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
