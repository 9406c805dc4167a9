// Reject a pending contest, with a reason its creator reads in the notification (optional: the
// shared schema's field, so the procedure and REST take the same).
import { Stack, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { toFormikValidationSchema } from 'zod-formik-adapter';
import { ZSetContestStatusRequestSchema } from '../../../../shared/schemas/contests';
import { AppDialog } from '../../common/AppDialog';
import { DialogFormActions } from '../../common/FormButtons';
import { TextareaField } from '../../common/TextareaField';

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
    <AppDialog open={Boolean(contest)} onClose={onClose} title="Reject Contest">
      {contest ? (
        <Formik<{ reason: string }>
          initialValues={{ reason: '' }}
          validationSchema={toFormikValidationSchema(ZRejectForm)}
          onSubmit={(values) => onReject(contest, values.reason.trim())}
        >
          <Form noValidate>
            <Stack gap="4">
              <Text>Reject “{contest.title}”? Its creator can edit it and submit it again.</Text>
              <TextareaField
                name="reason"
                label="Reason (optional)"
                rows={3}
                maxLength={500}
                helperText="The creator reads it in the notification of the rejection."
              />
              <DialogFormActions onCancel={onClose} submitLabel="Reject" colorPalette="red" />
            </Stack>
          </Form>
        </Formik>
      ) : null}
    </AppDialog>
  );
}
