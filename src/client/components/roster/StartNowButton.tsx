// 'Start now' (issue 29 point 3): registration closes at this moment, those who have not checked
// in are dropped when check-in is on, and the bracket is generated when the format has one. Asked
// first: it cannot be undone.
import { Button, List, Text } from '@chakra-ui/react';
import { Play } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { playersText } from './rosterFacts';

const toasts = keyedToasts('startNow');

export function StartNowButton({
  contestId,
  checkIn,
  bracket,
}: {
  contestId: number;
  checkIn: boolean;
  /** The format generates a bracket. */
  bracket: boolean;
}) {
  const [open, setOpen] = useState(false);
  const start = trpc.roster.startNow.useMutation({
    onSuccess: (result) => {
      toasts.success(
        'Contest started',
        checkIn
          ? `${playersText(result.dropped.length)} dropped for not checking in.`
          : 'Registration is closed.',
      );
      setOpen(false);
    },
    onError: (error) =>
      toasts.error('Contest not started', errorMessage(error, 'The contest could not be started')),
  });
  return (
    <>
      <Button size="sm" colorPalette="purple" onClick={() => setOpen(true)}>
        <Play size={16} aria-hidden /> Start now
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Start the contest now?"
        confirmLabel="Start now"
        colorPalette="purple"
        loading={start.isPending}
        onConfirm={() => start.mutate({ contestId })}
      >
        <Text mb="2">Starting now cannot be undone:</Text>
        <List.Root ps="5" gap="1">
          <List.Item>Registration closes now, and the start moves to now if it is later.</List.Item>
          {checkIn ? (
            <List.Item>Everyone who has not checked in is dropped and told so.</List.Item>
          ) : null}
          {bracket ? <List.Item>The bracket is generated.</List.Item> : null}
        </List.Root>
      </ConfirmDialog>
    </>
  );
}
