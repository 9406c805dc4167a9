// An organiser (creator, moderator, admin) decides a disputed match: both sides shown with who
// said what and when, then 'Accept <reporter>'s result', 'Accept <disputer>'s result', or another
// result entered here (scores, games, or a forfeit). The decision is audited and both players
// are told (the server's tournaments.decide).
import { Stack, Text } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import { ZDecideMatchInput, type TMatch } from '../../../shared/schemas/tournaments';
import { DialogFormActions } from '../common/FormButtons';
import { ChoiceField } from './ChoiceField';
import { MatchResultDialog, type MatchDialogProps } from './MatchResultDialog';
import { ReportSides } from './ReportSides';
import { ResultFields } from './ResultFields';
import { initialResult, resultRequest, type ResultValues } from './resultForm';
import { matchHeading } from './tournamentDisplay';
import { useMatchActions } from './useMatchActions';

type Decision = 'reported' | 'disputed' | 'other';
type Values = ResultValues & { decision: Decision };

function requestOf(match: TMatch, values: Values) {
  if (values.decision !== 'other') return { matchId: match.id, accept: values.decision };
  return { matchId: match.id, ...resultRequest(match, values) };
}

function decisions(match: TMatch) {
  const { reported, disputed } = match.report;
  const options: { value: Decision; label: string }[] = [];
  if (reported) options.push({ value: 'reported', label: `Accept ${reported.by.name}'s result` });
  if (disputed?.scores) {
    options.push({ value: 'disputed', label: `Accept ${disputed.by.name}'s result` });
  }
  options.push({ value: 'other', label: 'Enter another result' });
  return options;
}

function DecisionFields({ match }: { match: TMatch }) {
  const { values } = useFormikContext<Values>();
  return (
    <>
      <ChoiceField name="decision" label="Decision" options={decisions(match)} />
      {values.decision === 'other' ? <ResultFields match={match} /> : null}
    </>
  );
}

export function DecideDisputeDialog({ match, onClose }: MatchDialogProps) {
  const { decide } = useMatchActions({ onDone: onClose });
  return (
    <MatchResultDialog
      match={match}
      title="Decide result"
      onClose={onClose}
      initialValues={(match): Values => ({
        ...initialResult(match, match.report.disputed ?? match.report.reported),
        decision: decisions(match)[0]!.value,
      })}
      request={ZDecideMatchInput}
      toRequest={requestOf}
      send={decide.mutateAsync}
    >
      {(match) => (
        <Stack gap="4">
          <Text>
            {matchHeading(match)}, best of {match.bestOf}.
          </Text>
          <ReportSides match={match} />
          <DecisionFields match={match} />
          <DialogFormActions onCancel={onClose} submitLabel="Decide result" />
        </Stack>
      )}
    </MatchResultDialog>
  );
}
