// Dispute the result the opponent reported, with an optional reason for the moderators.
import { Stack, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { toFormikValidationSchema } from 'zod-formik-adapter';
import { ZDisputeMatchInput, type TMatch } from '../../../shared/schemas/tournaments';
import { AppDialog } from '../common/AppDialog';
import { DialogFormActions } from '../common/FormButtons';
import { TextareaField } from '../common/TextareaField';
import { matchSummary } from './tournamentDisplay';
import { useMatchActions } from './useMatchActions';

export function DisputeMatchDialog({
  match,
  onClose,
}: {
  match: TMatch | null;
  onClose: () => void;
}) {
  const { dispute } = useMatchActions({ onDone: onClose });
  return (
    <AppDialog open={Boolean(match)} onClose={onClose} title="Dispute result">
      {match ? (
        <Formik
          initialValues={{ matchId: match.id, reason: '' }}
          validationSchema={toFormikValidationSchema(ZDisputeMatchInput)}
          onSubmit={async (values) => {
            const reason = values.reason.trim();
            await dispute
              .mutateAsync({ matchId: match.id, reason: reason === '' ? undefined : reason })
              .catch(() => undefined);
          }}
        >
          <Form noValidate>
            <Stack gap="4">
              <Text>
                The reported result is {matchSummary(match)}. A dispute sends the match to the
                moderators, who decide the result.
              </Text>
              <TextareaField name="reason" label="Reason (optional)" rows={3} maxLength={500} />
              <DialogFormActions
                onCancel={onClose}
                submitLabel="Dispute result"
                colorPalette="red"
              />
            </Stack>
          </Form>
        </Formik>
      ) : null}
    </AppDialog>
  );
}
