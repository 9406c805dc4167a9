// The organiser's buttons on a contest's Results (issue 30): 'Freeze results' (open, nothing
// blocking), 'Confirm results' (frozen, or open with nothing blocking: asked first, as payouts and
// certificates follow and every participant is told) and 'Reopen results' (with a reason). The
// buttons shown are the steps the server allows (resultsDisplay.ts); a refusal is its toast.
import { Button, HStack, List, Text } from '@chakra-ui/react';
import { CheckCheck, Lock, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import type { TResults } from '../../../shared/schemas/results';
import { keyedToasts } from '../../lib/toaster';
import { toastOutcome } from '../../lib/toastOutcome';
import { trpc } from '../../lib/trpc';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { ReopenResultsDialog } from './ReopenResultsDialog';
import { mayConfirm, mayFreeze, mayReopen } from './resultsDisplay';

const toasts = keyedToasts('manageResults');

export function ResultsActions({ results }: { results: TResults }) {
  const contestId = results.contestId;
  const [confirming, setConfirming] = useState(false);
  const [reopening, setReopening] = useState(false);
  const freeze = trpc.results.freeze.useMutation(
    toastOutcome(toasts, {
      success: ['Results frozen', 'Review the standings, then confirm them.'],
      failure: 'The results could not be frozen',
    }),
  );
  const confirm = trpc.results.confirm.useMutation(
    toastOutcome(toasts, {
      success: ['Results confirmed', 'The winners are told and their payouts are created.'],
      failure: 'The results could not be confirmed',
      then: () => setConfirming(false),
    }),
  );
  if (!results.canManage) return null;
  return (
    <HStack gap="2" wrap="wrap">
      {mayFreeze(results) ? (
        <Button
          size="sm"
          variant="outline"
          loading={freeze.isPending}
          onClick={() => freeze.mutate({ contestId })}
        >
          <Lock size={16} aria-hidden /> Freeze results
        </Button>
      ) : null}
      {mayConfirm(results) ? (
        <Button size="sm" colorPalette="purple" onClick={() => setConfirming(true)}>
          <CheckCheck size={16} aria-hidden /> Confirm results
        </Button>
      ) : null}
      {mayReopen(results) ? (
        <Button size="sm" variant="outline" onClick={() => setReopening(true)}>
          <RotateCcw size={16} aria-hidden /> Reopen results
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Confirm the results?"
        confirmLabel="Confirm results"
        colorPalette="purple"
        loading={confirm.isPending}
        onConfirm={() => confirm.mutate({ contestId })}
      >
        <Text mb="2">Once confirmed:</Text>
        <List.Root ps="5" gap="1">
          {results.status === 'open' ? (
            <List.Item>The standings are frozen as they stand now.</List.Item>
          ) : null}
          <List.Item>Each winner gets a payout line for their prize.</List.Item>
          <List.Item>Each placed participant gets a certificate.</List.Item>
          <List.Item>Every participant is told their final place.</List.Item>
        </List.Root>
      </ConfirmDialog>
      <ReopenResultsDialog
        contestId={contestId}
        open={reopening}
        confirmed={results.status === 'confirmed'}
        onClose={() => setReopening(false)}
      />
    </HStack>
  );
}
