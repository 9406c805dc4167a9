// Reject a pending contest, with a reason its creator reads in the notification (optional: the
// shared schema's field, so the procedure and REST take the same).
import { Stack, Text } from '@chakra-ui/react';
import { ZSetContestStatusRequestSchema } from '../../../../shared/schemas/contests';
import { DialogFormActions } from '../../common/FormButtons';
import { RowFormDialog } from '../../common/RowFormDialog';
import { ReasonField } from '../../common/ReasonField';

const ZRejectForm = ZSetContestStatusRequestSchema.pick({ reason: true });

export function RejectContestDialog({
  contest,
  onReject,
  onClose,
}: {
  contest: { id: number; title: string } | null;
  onReject: (contest: { id: number; title: string }, reason: string) => void;
  onClose: () => void;
}) {
  return (
    <RowFormDialog
      row={contest}
      title="Reject Contest"
      onClose={onClose}
      form={(contest) => ({
        initialValues: { reason: '' },
        schema: ZRejectForm,
        submit: async (values) => onReject(contest, values.reason.trim()),
      })}
    >
      {(contest) => (
        <Stack gap="4">
          <Text>Reject “{contest.title}”? Its creator can edit it and submit it again.</Text>
          <ReasonField
            label="Reason (optional)"
            required={false}
            maxLength={500}
            helperText="The creator reads it in the notification of the rejection."
          />
          <DialogFormActions onCancel={onClose} submitLabel="Reject" colorPalette="red" />
        </Stack>
      )}
    </RowFormDialog>
  );
}
