// Report (or, for the organiser, edit) a match's result: the two scores, each game's in a
// best-of-N match, or one side's forfeit. useZodForm checks the values with the shared request
// schema the procedure uses and the one best-of-N rule; a refusal (later matches already played,
// a draw where the format has none) is the toast of useMatchActions.
import { Stack, Text } from '@chakra-ui/react';
import { ZReportMatchInput, type TMatch } from '../../../shared/schemas/tournaments';
import { DialogFormActions } from '../common/FormButtons';
import { MatchResultDialog, type MatchDialogProps } from './MatchResultDialog';
import { ResultFields } from './ResultFields';
import { initialResult, resultRequest, type ResultValues } from './resultForm';
import { matchHeading } from './tournamentDisplay';
import { useMatchActions } from './useMatchActions';

function requestOf(match: TMatch, values: ResultValues) {
  return { matchId: match.id, ...resultRequest(match, values) };
}

export function ReportMatchDialog({ match, onClose }: MatchDialogProps) {
  const { report } = useMatchActions({ onDone: onClose });
  const editing = match?.status === 'completed';
  return (
    <MatchResultDialog
      match={match}
      title={editing ? 'Edit result' : 'Report result'}
      onClose={onClose}
      initialValues={(match) => initialResult(match)}
      request={ZReportMatchInput}
      toRequest={requestOf}
      send={report.mutateAsync}
    >
      {(match) => (
        <Stack gap="4">
          <Text>
            {matchHeading(match)}.
            {editing ? ' Matches that depend on this result are played again from it.' : ''}
          </Text>
          <ResultFields match={match} />
          <DialogFormActions
            onCancel={onClose}
            submitLabel={editing ? 'Save result' : 'Report result'}
          />
        </Stack>
      )}
    </MatchResultDialog>
  );
}
