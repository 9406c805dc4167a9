// Step 2, Contest Setup: mode, maximum participants, format (each by its name: FormatChoiceField),
// how scores read (decimals) and rank (higher or lower is better: an open contest's only, a
// bracket contest ends in places), and what the chosen format needs (TournamentSettingsFields). The member wizard shows the live format disabled, 'Coming soon' (SPEC 5; submission is issue 31's); team
// mode is real (issue 19). A submission contest's evaluation settings and answer key are here too
// (EvaluationStepFields, issue 31). How an Open contest is scored, by hand or from trading
// statements with their rules, too (issue 34).
import { SimpleGrid, Stack } from '@chakra-ui/react';
import {
  COMING_SOON_FORMATS,
  COMING_SOON_MODES,
  CONTEST_LIMITS,
  CONTEST_MODES,
  FORMAT_LABELS,
  MODE_LABELS,
  SCORE_DECIMALS_MAX,
  SCORE_ORDERS,
  SCORE_ORDER_LABELS,
  type ContestFormat,
} from '../../../../shared/contests';
import { hasBracket } from '../../../../shared/tournaments';
import { useFormikContext } from 'formik';
import { FormField } from '../../common/FormField';
import { FormatChoiceField } from '../FormatChoiceField';
import { TournamentSettingsFields } from '../TournamentSettingsFields';
import type { WizardValues } from './formValues';
import { SelectField } from '../../common/SelectField';
import type { WizardVariant } from './variants';
import type { EvaluationFiles } from '../../submissions/sendEvaluation';
import { EvaluationStepFields } from './EvaluationStepFields';
import { ScoringChoiceField } from '../../trading/ScoringChoiceField';
import { TradingRulesFields } from '../../trading/TradingRulesFields';
import { scoringOf } from '../../trading/rulesForm';

function options<T extends string>(
  values: readonly T[],
  labels: Record<T, string>,
  comingSoon: readonly string[],
) {
  return values.map((value) => {
    const soon = comingSoon.includes(value);
    return {
      value,
      label: soon ? `${labels[value]} (Coming soon)` : labels[value],
      disabled: soon,
    };
  });
}

const DECIMAL_OPTIONS = Array.from({ length: SCORE_DECIMALS_MAX + 1 }, (_, d) => ({
  value: String(d),
  label: d === 0 ? '0 (whole numbers)' : `${d} (e.g. ${(12.5).toFixed(d)})`,
}));
const ORDER_OPTIONS = SCORE_ORDERS.map((o) => ({ value: o, label: SCORE_ORDER_LABELS[o] }));
const COMING_SOON_FORMAT_OPTIONS = COMING_SOON_FORMATS.map((f) => ({
  value: f,
  label: `${FORMAT_LABELS[f]} (Coming soon)`,
}));

export function SetupStep({
  variant,
  files,
  onFiles,
}: {
  variant: WizardVariant;
  files: EvaluationFiles;
  onFiles: (files: EvaluationFiles) => void;
}) {
  const { values } = useFormikContext<WizardValues>();
  // A bracket contest ends in places, not scores: how scores read and rank does not apply.
  const submission = values.format === 'submission';
  const scored = !hasBracket(values.format as ContestFormat) && !submission;
  const modes = options(CONTEST_MODES, MODE_LABELS, variant.comingSoon ? COMING_SOON_MODES : []);
  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <SelectField
          name="mode"
          label="Mode"
          options={modes}
          helperText="Team: members form teams that take part as one participant."
        />
        <FormatChoiceField
          comingSoon={variant.comingSoon ? COMING_SOON_FORMAT_OPTIONS : []}
          helperText={variant.comingSoon ? 'The live format is coming soon.' : undefined}
        />
      </SimpleGrid>
      <FormField
        name="maxParticipants"
        label="Max Participants"
        type="number"
        inputMode="numeric"
        min={CONTEST_LIMITS.maxParticipantsMin}
        max={CONTEST_LIMITS.maxParticipantsMax}
        step={1}
        helperText="From 1 to 10,000."
      />
      {/* A trading board writes places (lower first, whole numbers): nothing to choose. */}
      {scored && scoringOf(values) !== 'trading' ? (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <SelectField
            name="scoreDecimals"
            label="Score Decimals"
            options={DECIMAL_OPTIONS}
            helperText="Chess half points need 1, a % return 2."
          />
          <SelectField
            name="scoreOrder"
            label="Score Order"
            options={ORDER_OPTIONS}
            helperText="Time trials and golf rank the lowest score first."
          />
        </SimpleGrid>
      ) : null}
      {/* Issue 34: an Open contest scored by hand or from the traders' statements. */}
      <ScoringChoiceField />
      {scoringOf(values) === 'trading' ? <TradingRulesFields prefix="trading." /> : null}
      {submission ? (
        <EvaluationStepFields files={files} onFiles={onFiles} drafts={variant.drafts} />
      ) : null}
      <TournamentSettingsFields
        format={values.format}
        mode={values.mode}
        settings={values.tournament}
      />
    </Stack>
  );
}
