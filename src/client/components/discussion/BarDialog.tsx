// The organiser's 'Bar member': the member may read but no longer post in this contest's
// discussion; the reason is what they are told when they try.
import { Stack, Text } from '@chakra-ui/react';
import { z } from 'zod';
import { MAX_BAR_REASON_CHARS } from '../../../shared/discussion';
import { ZBarReason } from '../../../shared/schemas/discussion';
import { keyedToasts } from '../../lib/toaster';
import { toastOutcome } from '../../lib/toastOutcome';
import { trpc } from '../../lib/trpc';
import { DialogFormActions } from '../common/FormButtons';
import { RowFormDialog } from '../common/RowFormDialog';
import { ReasonField } from '../common/ReasonField';

const toasts = keyedToasts('discussionBar');
const SCHEMA = z.object({ reason: ZBarReason });

export interface BarTarget {
  id: number;
  username: string;
}

export function BarDialog({
  contestId,
  member,
  onClose,
}: {
  contestId: number;
  member: BarTarget | null;
  onClose: () => void;
}) {
  const bar = trpc.discussion.bar.useMutation(
    toastOutcome(toasts, { success: 'Member barred', failure: 'The member could not be barred' }),
  );
  return (
    <RowFormDialog
      row={member}
      title={member ? `Bar ${member.username}` : 'Bar member'}
      onClose={onClose}
      form={(row) => ({
        initialValues: { reason: '' },
        schema: SCHEMA,
        serverFields: { byMessage: {}, fields: ['reason'], otherwise: 'reason' },
        submit: (values) =>
          bar.mutateAsync({ contestId, userId: row.id, reason: values.reason.trim() }),
        onSuccess: onClose,
      })}
    >
      {(row) => (
        <Stack gap="4">
          <Text>
            {row.username} will still read this discussion but can no longer post, reply or upvote
            in it. They are told the reason.
          </Text>
          <ReasonField maxLength={MAX_BAR_REASON_CHARS} />
          <DialogFormActions onCancel={onClose} submitLabel="Bar member" colorPalette="red" />
        </Stack>
      )}
    </RowFormDialog>
  );
}
