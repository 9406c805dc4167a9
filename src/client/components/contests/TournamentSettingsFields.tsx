// What a contest's format needs (issue 19), in the wizards' step 2 and the edit dialog: a single
// elimination knockout asks for a third-place match, a double one for the grand final; league the
// legs and the points; groups their size and who advances; Swiss its rounds (single or double
// elimination, groups or Swiss are the Format chooser's, FormatChoiceField, not fields here); every
// bracket format the games per match (and, where a knockout is played, the finals' own), the
// check-in window, self-reporting and generation at the start; team mode the
// team size. `open` asks nothing. The fields are Formik's `tournament.<key>` values; which of
// them show is askedTournamentSettings, the rule the form's validation and sending follow too.
import { Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import {
  CHECK_IN_MINUTES_MAX,
  GRAND_FINAL_LABELS,
  GRAND_FINAL_TYPES,
  GROUP_SIZE_MAX,
  GROUP_SIZE_MIN,
  POINTS_MAX,
  SWISS_ROUNDS_MAX,
  TEAM_SIZE_MAX,
} from '../../../shared/tournaments';
import {
  askedTournamentSettings,
  type TournamentSettingKey,
} from '../../../shared/schemas/tournaments';
import { BEST_OF_LABELS, BEST_OF_VALUES, FINALS_SAME } from '../../../shared/bestOf';
import { CheckboxField } from '../common/CheckboxField';
import { FormField } from '../common/FormField';
import { SelectField } from '../common/SelectField';
import { labelledOptions } from '../common/SelectFilter';

const GRAND_FINAL_OPTIONS = labelledOptions(GRAND_FINAL_TYPES, GRAND_FINAL_LABELS);
const LEGS_OPTIONS = [
  { value: '1', label: 'Single round robin (each pair meets once)' },
  { value: '2', label: 'Double round robin (home and away)' },
];
const BEST_OF_OPTIONS = BEST_OF_VALUES.map((n) => ({ value: String(n), label: BEST_OF_LABELS[n] }));
const FINALS_BEST_OF_OPTIONS = [
  { value: String(FINALS_SAME), label: 'As the other rounds' },
  ...BEST_OF_OPTIONS,
];

interface Props {
  format: string;
  mode: string;
  /** The current choices the asked fields depend on. */
  settings: { elimination?: string; system?: string };
  /** Shown but fixed: the bracket is generated. */
  disabled?: boolean;
  /** The section's heading level in its page or dialog. */
  headingLevel?: 'h3' | 'h4';
}

interface NumberSetting {
  label: string;
  min: number;
  max: number;
  helperText?: string;
}

/** The number fields: each one's label, bounds and help. */
const NUMBER_SETTINGS = {
  pointsWin: { label: 'Points for a win', min: 0, max: POINTS_MAX },
  pointsDraw: { label: 'Points for a draw', min: 0, max: POINTS_MAX },
  pointsLoss: { label: 'Points for a loss', min: 0, max: POINTS_MAX },
  groupSize: {
    label: 'Group size',
    min: GROUP_SIZE_MIN,
    max: GROUP_SIZE_MAX,
    helperText: `From ${GROUP_SIZE_MIN} to ${GROUP_SIZE_MAX} players per group.`,
  },
  advancePerGroup: {
    label: 'Players advancing per group',
    min: 1,
    max: GROUP_SIZE_MAX - 1,
    helperText: 'They play the knockout stage.',
  },
  swissRounds: {
    label: 'Swiss rounds',
    min: 1,
    max: SWISS_ROUNDS_MAX,
    helperText: 'Fewer rounds than players: nobody meets the same opponent twice.',
  },
  checkInMinutes: {
    label: 'Check-in window (minutes)',
    min: 0,
    max: CHECK_IN_MINUTES_MAX,
    helperText:
      'Participants confirm within this many minutes before the start; those who do not are dropped. 0: no check-in.',
  },
  teamMin: { label: 'Minimum team size', min: 1, max: TEAM_SIZE_MAX },
  teamMax: { label: 'Maximum team size', min: 1, max: TEAM_SIZE_MAX },
} satisfies Partial<Record<TournamentSettingKey, NumberSetting>>;

interface SelectSetting {
  label: string;
  options: readonly { value: string; label: string }[];
  helperText?: string;
}

/** The choices: each one's label and options. */
const SELECT_SETTINGS = {
  grandFinal: {
    label: 'Grand final',
    options: GRAND_FINAL_OPTIONS,
    helperText: 'With reset: the upper-bracket winner must lose twice.',
  },
  legs: { label: 'Legs', options: LEGS_OPTIONS },
  bestOf: {
    label: 'Games per match',
    options: BEST_OF_OPTIONS,
    helperText: 'Longer matches are reported game by game.',
  },
  finalsBestOf: { label: 'Games per match in the finals', options: FINALS_BEST_OF_OPTIONS },
} satisfies Partial<Record<TournamentSettingKey, SelectSetting>>;

/** The yes/no settings: each one's label and what it does. */
const CHECKBOX_SETTINGS = {
  thirdPlaceMatch: {
    label: 'Third-place match',
    description: 'The two semi-final losers play for third place.',
  },
  selfReport: {
    label: 'Participants report their own matches',
    description: 'The opponent confirms or disputes the result.',
  },
  autoGenerate: {
    label: 'Generate the bracket at the start',
    description: 'When the organiser has not generated it by then.',
  },
} satisfies Partial<Record<TournamentSettingKey, { label: string; description: string }>>;

type NumberKey = keyof typeof NUMBER_SETTINGS;
type SelectKey = keyof typeof SELECT_SETTINGS;
const isNumber = (key: string): key is NumberKey => key in NUMBER_SETTINGS;
const isSelect = (key: string): key is SelectKey => key in SELECT_SETTINGS;

type SettingName = NumberKey | SelectKey | keyof typeof CHECKBOX_SETTINGS;

/**
 * The settings in the order they show, a row's fields side by side on a wide screen. A row shows
 * when its first setting is asked (askedTournamentSettings), and in it the asked ones. The asked
 * `elimination` and `system` have no row: the Format chosen sets them.
 */
const ROWS: readonly (readonly [SettingName, ...SettingName[]])[] = [
  ['grandFinal'],
  ['thirdPlaceMatch'],
  ['legs'],
  ['pointsWin', 'pointsDraw', 'pointsLoss'],
  ['groupSize', 'advancePerGroup'],
  ['swissRounds'],
  ['bestOf', 'finalsBestOf'],
  ['checkInMinutes'],
  ['selfReport'],
  ['autoGenerate'],
  ['teamMin', 'teamMax'],
];

/** One setting's field, as its table describes it. */
function Setting({ name, disabled }: { name: SettingName; disabled?: boolean }) {
  const fieldName = `tournament.${name}`;
  if (isNumber(name)) {
    const { label, min, max, helperText }: NumberSetting = NUMBER_SETTINGS[name];
    return (
      <FormField
        name={fieldName}
        label={label}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        helperText={helperText}
        disabled={disabled}
      />
    );
  }
  if (isSelect(name)) {
    const { label, options, helperText }: SelectSetting = SELECT_SETTINGS[name];
    return (
      <SelectField
        name={fieldName}
        label={label}
        options={options}
        helperText={helperText}
        disabled={disabled}
      />
    );
  }
  return <CheckboxField name={fieldName} {...CHECKBOX_SETTINGS[name]} disabled={disabled} />;
}

export function TournamentSettingsFields({
  format,
  mode,
  settings,
  disabled,
  headingLevel = 'h3',
}: Props) {
  const headingId = useId();
  const asked = new Set(askedTournamentSettings(format, mode, settings));
  if (asked.size === 0) return null;
  return (
    <Stack gap="5" role="group" aria-labelledby={headingId}>
      <Heading as={headingLevel} size="sm" id={headingId}>
        Format settings
      </Heading>
      {ROWS.filter((row) => asked.has(row[0])).map((row) =>
        row.length === 1 ? (
          <Setting key={row[0]} name={row[0]} disabled={disabled} />
        ) : (
          <SimpleGrid key={row[0]} columns={{ base: 1, md: row.length }} gap="5">
            {row
              .filter((key) => asked.has(key))
              .map((key) => (
                <Setting key={key} name={key} disabled={disabled} />
              ))}
          </SimpleGrid>
        ),
      )}
      {disabled ? null : (
        <Text fontSize="sm" color="fg.muted">
          These can change until the bracket is generated.
        </Text>
      )}
    </Stack>
  );
}
