// Dispute the result the opponent reported: the result the disputer says it was (scores, or each
// game's in a best-of-N match) and a reason, both shown to the moderators beside the report.
import { Stack, Text } from '@chakra-ui/react';
import { ZDisputeMatchInput, type TMatch } from '../../../shared/schemas/tournaments';
import { DialogFormActions } from '../common/FormButtons';
import { RowFormDialog } from '../common/RowFormDialog';
import { TextareaField } from '../common/TextareaField';
import { ResultFields } from './ResultFields';
import {
  bestOfRefinement,
  formSchema,
  initialResult,
  resultRequest,
  type ResultValues,
} from './resultForm';
import { reportText } from './ReportSides';
import { useMatchActions } from './useMatchActions';

type Values = ResultValues & { reason: string };

function requestOf(match: TMatch, values: Values) {
  // Formik's schema validation hands an emptied field over as undefined.
  const reason = (values.reason ?? '').trim();
  return {
    matchId: match.id,
    ...resultRequest(match, { ...values, outcome: 'scores' }),
    reason: reason === '' ? undefined : reason,
  };
}

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
        initialValues: { ...initialResult(match, { scores: null, games: null }), reason: '' },
        schema: formSchema(
          (values: Values) => requestOf(match, values),
          ZDisputeMatchInput.superRefine(bestOfRefinement(match.bestOf)),
        ),
        submit: (values: Values) =>
          dispute.mutateAsync(ZDisputeMatchInput.parse(requestOf(match, values))),
      })}
    >
      {(match) => (
        <Stack gap="4">
          <Text>
            {match.report.reported
              ? `${match.report.reported.by.name} reported ${reportText(match, match.report.reported)}.`
              : 'A result was reported.'}{' '}
            Give the result as you say it was: the moderators see both and decide.
          </Text>
          <ResultFields match={match} forfeits={false} />
          <TextareaField name="reason" label="Reason (optional)" rows={3} maxLength={500} />
          <DialogFormActions onCancel={onClose} submitLabel="Dispute result" colorPalette="red" />
        </Stack>
      )}
    </RowFormDialog>
  );
}
