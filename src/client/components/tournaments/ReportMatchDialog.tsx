// Report (or, for the organiser, edit) a match's result: the two scores, each game's in a
// best-of-N match, or one side's forfeit. useZodForm checks the values with the shared request
// schema the procedure uses and the one best-of-N rule; a refusal (later matches already played,
// a draw where the format has none) is the toast of useMatchActions.
import { Stack, Text } from '@chakra-ui/react';
import { ZReportMatchInput, type TMatch } from '../../../shared/schemas/tournaments';
import { DialogFormActions } from '../common/FormButtons';
import { RowFormDialog } from '../common/RowFormDialog';
import { ResultFields } from './ResultFields';
import {
  bestOfRefinement,
  formSchema,
  initialResult,
  resultRequest,
  type ResultValues,
} from './resultForm';
import { roundLabel, slotName } from './tournamentDisplay';
import { useMatchActions } from './useMatchActions';

export function reportSchema(match: TMatch) {
  return formSchema(
    (values: ResultValues) => ({ matchId: match.id, ...resultRequest(match, values) }),
    ZReportMatchInput.superRefine(bestOfRefinement(match.bestOf)),
  );
}

export function ReportMatchDialog({
  match,
  onClose,
}: {
  match: TMatch | null;
  onClose: () => void;
}) {
  const { report } = useMatchActions({ onDone: onClose });
  const editing = match?.status === 'completed';
  return (
    <RowFormDialog
      row={match}
      title={editing ? 'Edit result' : 'Report result'}
      onClose={onClose}
      form={(match) => ({
        initialValues: initialResult(match),
        schema: reportSchema(match),
        submit: (values: ResultValues) =>
          report.mutateAsync(
            ZReportMatchInput.parse({ matchId: match.id, ...resultRequest(match, values) }),
          ),
      })}
    >
      {(match) => (
        <Stack gap="4">
          <Text>
            {roundLabel(match)}, match {match.number}: {slotName(match.participants[0])} vs{' '}
            {slotName(match.participants[1])}.
            {editing ? ' Matches that depend on this result are played again from it.' : ''}
          </Text>
          <ResultFields match={match} />
          <DialogFormActions
            onCancel={onClose}
            submitLabel={editing ? 'Save result' : 'Report result'}
          />
        </Stack>
      )}
    </RowFormDialog>
  );
}
