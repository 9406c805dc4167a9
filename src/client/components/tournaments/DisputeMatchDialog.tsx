// Dispute the result the opponent reported: the result the disputer says it was (scores, or each
// game's in a best-of-N match) and a reason, both shown to the moderators beside the report.
import { Stack, Text } from '@chakra-ui/react';
import { ZDisputeMatchInput, type TMatch } from '../../../shared/schemas/tournaments';
import { DialogFormActions } from '../common/FormButtons';
import { TextareaField } from '../common/TextareaField';
import { MatchResultDialog, type MatchDialogProps } from './MatchResultDialog';
import { ResultFields } from './ResultFields';
import { initialResult, resultRequest, type ResultValues } from './resultForm';
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

export function DisputeMatchDialog({ match, onClose }: MatchDialogProps) {
  const { dispute } = useMatchActions({ onDone: onClose });
  return (
    <MatchResultDialog
      match={match}
      title="Dispute result"
      onClose={onClose}
      initialValues={(match): Values => ({
        ...initialResult(match, { scores: null, games: null }),
        reason: '',
      })}
      request={ZDisputeMatchInput}
      toRequest={requestOf}
      send={dispute.mutateAsync}
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
    </MatchResultDialog>
  );
}
