// How a contest is scored (issue 34): by hand (the organiser types the scores) or from the traders'
// statements. Only an Open contest, ranked on its leaderboard, can be scored from statements: with
// another format the choice is shown disabled and says why. The radio shows scoringOf(values), so
// a forex contest reads as 'From trading statements' until the organiser says otherwise.
import { Field, RadioGroup, Stack } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import { useId } from 'react';
import type { ScoringKind } from '../../../shared/schemas/trading';
import { scoringOf } from './rulesForm';

const OPTIONS: { value: ScoringKind; label: string }[] = [
  { value: 'manual', label: 'Scored by hand' },
  { value: 'trading', label: 'From trading statements' },
];

export const NOT_OPEN_HELP =
  'Statements can score only an Open contest (ranked on its leaderboard): choose the Open format first.';
const LOCKED_HELP =
  'A contest scored from statements stays so: its rules can change, not its scoring.';

export function ScoringChoiceField({
  locked,
}: {
  /** Already a trading contest. */ locked?: boolean;
}) {
  const { values, setFieldValue } = useFormikContext<{
    scoring?: ScoringKind | '';
    category?: string;
    type?: string;
    format?: string;
  }>();
  const helpId = useId();
  const open = values.format === 'open';
  const value = scoringOf({ ...values, category: values.category ?? values.type });
  const help = !open ? NOT_OPEN_HELP : locked ? LOCKED_HELP : null;
  return (
    <Field.Root disabled={!open}>
      <RadioGroup.Root
        name="scoring"
        value={value}
        onValueChange={(e) => void setFieldValue('scoring', e.value ?? '')}
        colorPalette="purple"
        size="sm"
        disabled={!open}
        aria-describedby={help ? helpId : undefined}
      >
        <RadioGroup.Label fontWeight="medium" mb="2">
          Scoring
        </RadioGroup.Label>
        <Stack gap="2" direction={{ base: 'column', sm: 'row' }}>
          {OPTIONS.map((o) => (
            <RadioGroup.Item
              key={o.value}
              value={o.value}
              disabled={!open || (locked && o.value === 'manual')}
            >
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{o.label}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
      {help ? (
        <Field.HelperText id={helpId} color="fg.muted">
          {help}
        </Field.HelperText>
      ) : null}
    </Field.Root>
  );
}
