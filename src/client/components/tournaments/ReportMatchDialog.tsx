// Report (or, for the organiser, edit) a match's result: the two scores, or one side's forfeit.
// Validated with the shared request schema the procedure uses; a refusal (later matches already
// played, a draw where the format has none) is the toast of useMatchActions.
import { Stack, Text } from '@chakra-ui/react';
import { Form, Formik, type FormikErrors } from 'formik';
import { ZReportMatchInput, type TMatch } from '../../../shared/schemas/tournaments';
import { AppDialog } from '../common/AppDialog';
import { FormField } from '../common/FormField';
import { DialogFormActions } from '../common/FormButtons';
import { ChoiceField } from './ChoiceField';
import { roundLabel, slotName } from './tournamentDisplay';
import { useMatchActions } from './useMatchActions';

interface Values {
  outcome: 'scores' | 'forfeit0' | 'forfeit1';
  a: string | number;
  b: string | number;
}

/** Formik hands a number input's value over as a number, or '' when it is empty. */
/** Each score's field and whose it is (the match's first or second participant). */
const SCORE_SIDES = [
  ['a', 0],
  ['b', 1],
] as const;

function toNumber(value: string | number): number | undefined {
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

function requestOf(match: TMatch, values: Values) {
  if (values.outcome === 'scores') {
    return { matchId: match.id, scores: [toNumber(values.a), toNumber(values.b)] };
  }
  const side = values.outcome === 'forfeit0' ? 0 : 1;
  return { matchId: match.id, forfeit: match.participants[side]?.id ?? undefined };
}

function validate(match: TMatch) {
  return (values: Values): FormikErrors<Values> => {
    const parsed = ZReportMatchInput.safeParse(requestOf(match, values));
    if (parsed.success) return {};
    const errors: FormikErrors<Values> = {};
    for (const issue of parsed.error.issues) {
      const [first, second] = issue.path;
      const field = first === 'scores' ? (second === 1 ? 'b' : 'a') : 'outcome';
      errors[field] ??= issue.message;
    }
    return errors;
  };
}

function initialValues(match: TMatch): Values {
  const [a, b] = match.participants;
  if (a?.forfeit) return { outcome: 'forfeit0', a: '', b: '' };
  if (b?.forfeit) return { outcome: 'forfeit1', a: '', b: '' };
  return { outcome: 'scores', a: a?.score?.toString() ?? '', b: b?.score?.toString() ?? '' };
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
    <AppDialog
      open={Boolean(match)}
      onClose={onClose}
      title={editing ? 'Edit result' : 'Report result'}
    >
      {match ? (
        <Formik<Values>
          initialValues={initialValues(match)}
          validate={validate(match)}
          onSubmit={async (values) => {
            const request = ZReportMatchInput.parse(requestOf(match, values));
            await report.mutateAsync(request).catch(() => undefined);
          }}
        >
          {({ values }) => (
            <Form noValidate>
              <Stack gap="4">
                <Text>
                  {roundLabel(match)}, match {match.number}: {slotName(match.participants[0])} vs{' '}
                  {slotName(match.participants[1])}.
                  {editing ? ' Matches that depend on this result are played again from it.' : ''}
                </Text>
                <ChoiceField
                  name="outcome"
                  label="Result"
                  options={[
                    { value: 'scores', label: 'Scores' },
                    {
                      value: 'forfeit0',
                      label: `${slotName(match.participants[0])} forfeits`,
                    },
                    {
                      value: 'forfeit1',
                      label: `${slotName(match.participants[1])} forfeits`,
                    },
                  ]}
                />
                {values.outcome === 'scores' ? (
                  <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
                    {SCORE_SIDES.map(([name, side]) => (
                      <FormField
                        key={name}
                        name={name}
                        label={`Score of ${slotName(match.participants[side])}`}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        required
                      />
                    ))}
                  </Stack>
                ) : null}
                <DialogFormActions
                  onCancel={onClose}
                  submitLabel={editing ? 'Save result' : 'Report result'}
                />
              </Stack>
            </Form>
          )}
        </Formik>
      ) : null}
    </AppDialog>
  );
}
