// Dispute the result the opponent reported, with an optional reason for the moderators.
import { Stack, Text } from '@chakra-ui/react';
import { ZDisputeMatchInput, type TMatch } from '../../../shared/schemas/tournaments';
import { DialogFormActions } from '../common/FormButtons';
import { RowFormDialog } from '../common/RowFormDialog';
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
    <RowFormDialog
      row={match}
      title="Dispute result"
      onClose={onClose}
      form={(match) => ({
        initialValues: { matchId: match.id, reason: '' },
        schema: ZDisputeMatchInput,
        submit: (values) => {
          const reason = values.reason.trim();
          return dispute.mutateAsync({
            matchId: match.id,
            reason: reason === '' ? undefined : reason,
          });
        },
      })}
    >
      {(match) => (
        <Stack gap="4">
          <Text>
            The reported result is {matchSummary(match)}. A dispute sends the match to the
            moderators, who decide the result.
          </Text>
          <TextareaField name="reason" label="Reason (optional)" rows={3} maxLength={500} />
          <DialogFormActions onCancel={onClose} submitLabel="Dispute result" colorPalette="red" />
        </Stack>
      )}
    </RowFormDialog>
  );
}
