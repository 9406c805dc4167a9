// What a contest's format needs (issue 19), in the wizards' step 2 and the edit dialog: knockout
// asks single or double elimination (then a third-place match, or the grand final); league the
// legs and the points; tournament groups (their size, who advances) or Swiss (its rounds); every
// bracket format the check-in window, self-reporting and generation at the start; team mode the
// team size. `open` asks nothing. The fields are Formik's `tournament.<key>` values; which of
// them show is askedTournamentSettings, the rule the form's validation and sending follow too.
import { Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import {
  CHECK_IN_MINUTES_MAX,
  ELIMINATION_LABELS,
  ELIMINATION_TYPES,
  GRAND_FINAL_LABELS,
  GRAND_FINAL_TYPES,
  GROUP_SIZE_MAX,
  GROUP_SIZE_MIN,
  POINTS_MAX,
  SWISS_ROUNDS_MAX,
  TEAM_SIZE_MAX,
  TOURNAMENT_SYSTEMS,
  TOURNAMENT_SYSTEM_LABELS,
} from '../../../shared/tournaments';
import {
  askedTournamentSettings,
  type TournamentSettingKey,
} from '../../../shared/schemas/tournaments';
import { CheckboxField } from '../common/CheckboxField';
import { FormField } from '../common/FormField';
import { SelectField } from '../common/SelectField';

const ELIMINATION_OPTIONS = ELIMINATION_TYPES.map((v) => ({
  value: v,
  label: ELIMINATION_LABELS[v],
}));
const GRAND_FINAL_OPTIONS = GRAND_FINAL_TYPES.map((v) => ({
  value: v,
  label: GRAND_FINAL_LABELS[v],
}));
const SYSTEM_OPTIONS = TOURNAMENT_SYSTEMS.map((v) => ({
  value: v,
  label: TOURNAMENT_SYSTEM_LABELS[v],
}));
const LEGS_OPTIONS = [
  { value: '1', label: 'Single round robin (each pair meets once)' },
  { value: '2', label: 'Double round robin (home and away)' },
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

function NumberField({
  name,
  label,
  min,
  max,
  helperText,
  disabled,
}: {
  name: TournamentSettingKey;
  label: string;
  min: number;
  max: number;
  helperText?: ReactNode;
  disabled?: boolean;
}) {
  return (
    <FormField
      name={`tournament.${name}`}
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
  const has = (key: TournamentSettingKey) => asked.has(key);
  const field = (key: TournamentSettingKey) => `tournament.${key}`;
  return (
    <Stack gap="5" role="group" aria-labelledby={headingId}>
      <Heading as={headingLevel} size="sm" id={headingId}>
        Format settings
      </Heading>
      {has('elimination') ? (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <SelectField
            name={field('elimination')}
            label="Elimination"
            options={ELIMINATION_OPTIONS}
            disabled={disabled}
          />
          {has('grandFinal') ? (
            <SelectField
              name={field('grandFinal')}
              label="Grand final"
              options={GRAND_FINAL_OPTIONS}
              helperText="With reset: the upper-bracket winner must lose twice."
              disabled={disabled}
            />
          ) : null}
        </SimpleGrid>
      ) : null}
      {has('thirdPlaceMatch') ? (
        <CheckboxField
          name={field('thirdPlaceMatch')}
          label="Third-place match"
          description="The two semi-final losers play for third place."
          disabled={disabled}
        />
      ) : null}
      {has('legs') ? (
        <>
          <SelectField
            name={field('legs')}
            label="Legs"
            options={LEGS_OPTIONS}
            disabled={disabled}
          />
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
            <NumberField
              name="pointsWin"
              label="Points for a win"
              min={0}
              max={POINTS_MAX}
              disabled={disabled}
            />
            <NumberField
              name="pointsDraw"
              label="Points for a draw"
              min={0}
              max={POINTS_MAX}
              disabled={disabled}
            />
            <NumberField
              name="pointsLoss"
              label="Points for a loss"
              min={0}
              max={POINTS_MAX}
              disabled={disabled}
            />
          </SimpleGrid>
        </>
      ) : null}
      {has('system') ? (
        <SelectField
          name={field('system')}
          label="System"
          options={SYSTEM_OPTIONS}
          disabled={disabled}
        />
      ) : null}
      {has('groupSize') ? (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <NumberField
            name="groupSize"
            label="Group size"
            min={GROUP_SIZE_MIN}
            max={GROUP_SIZE_MAX}
            helperText={`From ${GROUP_SIZE_MIN} to ${GROUP_SIZE_MAX} players per group.`}
            disabled={disabled}
          />
          <NumberField
            name="advancePerGroup"
            label="Players advancing per group"
            min={1}
            max={GROUP_SIZE_MAX - 1}
            helperText="They play the knockout stage."
            disabled={disabled}
          />
        </SimpleGrid>
      ) : null}
      {has('swissRounds') ? (
        <NumberField
          name="swissRounds"
          label="Swiss rounds"
          min={1}
          max={SWISS_ROUNDS_MAX}
          helperText="Fewer rounds than players: nobody meets the same opponent twice."
          disabled={disabled}
        />
      ) : null}
      {has('checkInMinutes') ? (
        <>
          <NumberField
            name="checkInMinutes"
            label="Check-in window (minutes)"
            min={0}
            max={CHECK_IN_MINUTES_MAX}
            helperText="Participants confirm within this many minutes before the start; those who do not are dropped. 0: no check-in."
            disabled={disabled}
          />
          <CheckboxField
            name={field('selfReport')}
            label="Participants report their own matches"
            description="The opponent confirms or disputes the result."
            disabled={disabled}
          />
          <CheckboxField
            name={field('autoGenerate')}
            label="Generate the bracket at the start"
            description="When the organiser has not generated it by then."
            disabled={disabled}
          />
        </>
      ) : null}
      {has('teamMin') ? (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <NumberField
            name="teamMin"
            label="Minimum team size"
            min={1}
            max={TEAM_SIZE_MAX}
            disabled={disabled}
          />
          <NumberField
            name="teamMax"
            label="Maximum team size"
            min={1}
            max={TEAM_SIZE_MAX}
            disabled={disabled}
          />
        </SimpleGrid>
      ) : null}
      {disabled ? null : (
        <Text fontSize="sm" color="fg.muted">
          These can change until the bracket is generated.
        </Text>
      )}
    </Stack>
  );
}
