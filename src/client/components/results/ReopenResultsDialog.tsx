// 'Reopen results' (issue 30): the organiser says why (audited, and kept on the results while they
// are open again); confirmed results withdraw their certificates. Refused once a payout of them
// was approved (409 payouts_started: the toast says so).
import { Stack, Text } from '@chakra-ui/react';
import {
  RESULT_LIMITS,
  ZReopenResultsInput,
  type TReopenResultsInput,
} from '../../../shared/schemas/results';
import { keyedToasts } from '../../lib/toaster';
import { toastOutcome } from '../../lib/toastOutcome';
import { trpc } from '../../lib/trpc';
import { DialogFormActions } from '../common/FormButtons';
import { RowFormDialog } from '../common/RowFormDialog';
import { ReasonField } from '../common/ReasonField';

const toasts = keyedToasts('reopenResults');

export function ReopenResultsDialog({
  contestId,
  open,
  confirmed,
  onClose,
}: {
  contestId: number;
  open: boolean;
  /** Confirmed results (their certificates are withdrawn), not only frozen ones. */
  confirmed: boolean;
  onClose: () => void;
}) {
  const reopen = trpc.results.reopen.useMutation(
    toastOutcome(toasts, {
      success: ['Results reopened', 'The standings follow the contest again.'],
      failure: 'The results could not be reopened',
      then: onClose,
    }),
  );
  return (
    <RowFormDialog
      row={open ? contestId : null}
      title="Reopen results"
      onClose={onClose}
      form={(id) => ({
        initialValues: { contestId: id, reason: '' } satisfies TReopenResultsInput,
        schema: ZReopenResultsInput,
        submit: (values: TReopenResultsInput) => reopen.mutateAsync(values),
      })}
    >
      {() => (
        <Stack gap="4">
          <Text>
            The standings are open again and follow the contest until they are frozen anew.
            {confirmed ? ' The certificates of these results are withdrawn.' : ''} The reason is
            recorded.
          </Text>
          <ReasonField maxLength={RESULT_LIMITS.reasonMax} />
          <DialogFormActions onCancel={onClose} submitLabel="Reopen results" colorPalette="red" />
        </Stack>
      )}
    </RowFormDialog>
  );
}
