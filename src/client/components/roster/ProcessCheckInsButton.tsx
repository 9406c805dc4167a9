// 'Process check-ins' (issue 29 point 3): every participant who has not checked in is dropped at
// once (each told, and kept in the list as 'Did not check in'). Asked first.
import { Button, Text } from '@chakra-ui/react';
import { UserX } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { playersText } from './rosterFacts';

const toasts = keyedToasts('processCheckIns');

export function ProcessCheckInsButton({ contestId }: { contestId: number }) {
  const [open, setOpen] = useState(false);
  const process = trpc.roster.processCheckIns.useMutation({
    onSuccess: (result) => {
      toasts.success(`${playersText(result.dropped.length)} dropped for not checking in`);
      setOpen(false);
    },
    onError: (error) =>
      toasts.error('Error', errorMessage(error, 'The check-ins could not be processed')),
  });
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <UserX size={16} aria-hidden /> Process check-ins
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Process check-ins?"
        confirmLabel="Drop no-shows"
        loading={process.isPending}
        onConfirm={() => process.mutate({ contestId })}
      >
        <Text>
          Everyone who has not checked in yet is dropped from the contest and told so. They stay in
          the player list as &lsquo;Did not check in&rsquo;.
        </Text>
      </ConfirmDialog>
    </>
  );
}
