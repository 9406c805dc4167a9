// The Edit dialog of /admin/contests (SPEC 2.17): title, description, type, required tier,
// status, featured, the registration deadline and the dates (in order: deadline <= start < end),
// prize (its description and its table, issue 30: read with prizes.get before the form opens),
// how scores read and rank (an open contest's: a bracket one ends in places), and the
// format with its settings (issue 19: fixed, shown read-only, once the bracket is generated),
// validated with ZContestEditFormSchema. The same form, less
// status and featured, lets a member edit their own pending or rejected contest on its page
// (PRODUCT.md: creators edit and resubmit them); drafts go back to the wizard instead. A
// submission contest's evaluation settings (issue 31) are here too, read with
// submissions.evaluation before the form opens and sent with the update (one transaction); a new
// answer key, optional, goes afterwards by the Evaluation panel's send (EditEvaluationFields).
// An Open contest's scoring (issue 34): by hand or from trading statements, with the rules read
// with trading.rules before the form opens and saved by trading.setRules after the update (a
// second call: the update does not carry them).
import { Alert, Stack, SimpleGrid } from '@chakra-ui/react';
import { z } from 'zod';
import { TIERS, TIER_LABELS } from '../../../shared/constants';
import {
  ADMIN_CONTEST_STATUSES,
  CATEGORY_LABELS,
  COMING_SOON_MODES,
  CONTEST_CATEGORIES,
  CONTEST_MESSAGES,
  CONTEST_MODES,
  MODE_LABELS,
  SCORE_DECIMALS_MAX,
  SCORE_ORDERS,
  SCORE_ORDER_LABELS,
  STATUS_LABELS,
  type ContestFormat,
} from '../../../shared/contests';
import {
  ZContestEditFormSchema,
  ZMemberContestEditFormSchema,
  type TContest,
  type TUpdateContestRequest,
} from '../../../shared/schemas/contests';
import type { TPrizeTable } from '../../../shared/schemas/prizes';
import { errorMessage, type ServerFieldRules } from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import type { ZodFormOptions } from '../../lib/useZodForm';
import { CheckboxField } from '../common/CheckboxField';
import { DialogFormActions } from '../common/FormButtons';
import { FormField } from '../common/FormField';
import { RowFormDialog } from '../common/RowFormDialog';
import { SelectField } from '../common/SelectField';
import { SwitchField } from '../common/SwitchField';
import { OpenDiscussionSwitch } from '../discussion/OpenDiscussionSwitch';
import { TextareaField } from '../common/TextareaField';
import { BRACKET_EXISTS_MESSAGE, hasBracket } from '../../../shared/tournaments';
import { FormatChoiceField } from './FormatChoiceField';
import { TournamentSettingsFields } from './TournamentSettingsFields';
import { askedSettingsOf, withAskedSettings, type TournamentFormValues } from './wizard/formValues';
import { ContestDateFields } from './ContestDateFields';
import { PrizeTableField } from './prizes/PrizeTableField';
import type { TEvaluationView } from '../../../shared/schemas/submissions';
import {
  initialEvaluationValues,
  settingsOf,
  type EvaluationFormValues,
} from '../submissions/evaluationForm';
import { evaluationUnchanged, withEvaluationCheck } from './wizard/evaluationStep';
import { EditEvaluationFields, useEvaluationKeySend } from './EditEvaluationFields';
import { tableValues, withPrizeTable, type PrizeTableValues } from './prizes/prizeTableValues';
import type { ScoringKind, TTradingRulesView } from '../../../shared/schemas/trading';
import {
  initialTradingRulesValues,
  rulesOf,
  scoringOf,
  type TradingRulesFormValues,
} from '../trading/rulesForm';
import { withTradingCheck } from '../trading/tradingCheck';
import { ScoringChoiceField } from '../trading/ScoringChoiceField';
import { TradingRulesFields } from '../trading/TradingRulesFields';

const toasts = keyedToasts('contestEdit');

export type ContestEditVariant = 'admin' | 'member';

const FIELDS = [
  'title',
  'description',
  'type',
  'requiredTier',
  'status',
  'featured',
  'registrationDeadline',
  'startDate',
  'endDate',
  'prize',
  'scoreDecimals',
  'scoreOrder',
  'mode',
  'format',
  'enableComments',
] as const;

/** The server's date-order refusals (and any field it refused), placed beside their field. */
const SERVER_FIELDS: ServerFieldRules = {
  byMessage: {
    [CONTEST_MESSAGES.endBeforeStart]: 'endDate',
    [CONTEST_MESSAGES.deadlineAfterStart]: 'registrationDeadline',
  },
  fields: FIELDS,
};

const SCHEMAS = { admin: ZContestEditFormSchema, member: ZMemberContestEditFormSchema };

/** What is checked and sent: the asked settings only, the prize table as the schema reads it. */
const formPayload = (values: Values) => withAskedSettings(withPrizeTable(values));

/**
 * What the form checks: only the settings the chosen format asks for (they alone are sent), and a
 * submission contest's evaluation once it is changed (it alone is then sent).
 */
const checked = (variant: ContestEditVariant, start: EvaluationFormValues) =>
  z.preprocess(
    (values) => formPayload(values as Values),
    withTradingCheck(
      withEvaluationCheck(SCHEMAS[variant], (values) => evaluationUnchanged(values, start)),
    ),
  );

interface Values {
  title: string;
  description: string;
  type: string;
  requiredTier: string;
  status: string;
  featured: boolean;
  registrationDeadline: string;
  startDate: string;
  endDate: string;
  prize: string;
  prizeTable: PrizeTableValues | null;
  scoreDecimals: string;
  scoreOrder: string;
  mode: string;
  format: string;
  tournament: TournamentFormValues;
  /** The contest's discussion (issue 32). */
  enableComments: boolean;
  /** A submission contest's evaluation settings (the stored ones, or the defaults). */
  evaluation: EvaluationFormValues;
  /** How the contest is scored (issue 34): the stored scoring until changed. */
  scoring: ScoringKind;
  /** The trading rules (the stored ones, or the defaults), set when scored from statements. */
  trading: TradingRulesFormValues;
  /** Member, rejected contest: send it for review again with the changes. */
  resubmit: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as a datetime-local input shows it, in the browser's time zone. */
export function toLocalInput(date: Date | null): string {
  if (!date) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function initialValues(
  contest: TContest,
  prizeTable: TPrizeTable | null,
  evaluation: TEvaluationView | null = null,
  trading: TTradingRulesView | null = null,
): Values {
  return {
    title: contest.title,
    description: contest.description ?? '',
    type: contest.type,
    requiredTier: contest.requiredTier,
    // A draft has no status this form can keep: the reviewer picks one to publish it.
    status: (ADMIN_CONTEST_STATUSES as readonly string[]).includes(contest.status)
      ? contest.status
      : '',
    featured: contest.featured,
    registrationDeadline: toLocalInput(contest.registrationDeadline),
    startDate: toLocalInput(contest.startDate),
    endDate: toLocalInput(contest.endDate),
    prize: contest.prize ?? '',
    prizeTable: tableValues(prizeTable),
    scoreDecimals: String(contest.scoreDecimals),
    scoreOrder: contest.scoreOrder,
    mode: contest.mode,
    format: contest.format,
    tournament: { ...contest.tournament },
    enableComments: contest.enableComments,
    evaluation: initialEvaluationValues(evaluation),
    scoring: trading?.scoring ?? 'manual',
    trading: initialTradingRulesValues(trading?.rules ?? null),
    resubmit: contest.status === 'rejected',
  };
}

/** One category list for members and reviewers alike (forex included). */
const TYPE_OPTIONS = CONTEST_CATEGORIES.map((t) => ({ value: t, label: CATEGORY_LABELS[t] }));
const DECIMAL_OPTIONS = Array.from({ length: SCORE_DECIMALS_MAX + 1 }, (_, d) => ({
  value: String(d),
  label: d === 0 ? '0 (whole numbers)' : String(d),
}));
const ORDER_OPTIONS = SCORE_ORDERS.map((o) => ({ value: o, label: SCORE_ORDER_LABELS[o] }));

function statusOptions(initial: string) {
  const options = ADMIN_CONTEST_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }));
  return initial ? options : [{ value: '', label: 'Draft (choose a status)' }, ...options];
}

const TIER_OPTIONS = TIERS.map((t) => ({ value: t, label: TIER_LABELS[t] }));

/** Members see team mode 'Coming soon' (as in their wizard), unless their contest has it. */
function modeOptions(variant: ContestEditVariant, current: string) {
  return CONTEST_MODES.map((m) => {
    const soon =
      variant === 'member' && m !== current && (COMING_SOON_MODES as readonly string[]).includes(m);
    return {
      value: m,
      label: soon ? `${MODE_LABELS[m]} (Coming soon)` : MODE_LABELS[m],
      disabled: soon,
    };
  });
}

export function ContestEditDialog({
  contest,
  variant,
  onClose,
}: {
  contest: TContest | null;
  variant: ContestEditVariant;
  onClose: () => void;
}) {
  const update = trpc.contests.update.useMutation({
    onError: (error) =>
      toasts.error('Update failed', errorMessage(error, 'Failed to update contest')),
  });
  const keySend = useEvaluationKeySend();
  const close = () => {
    keySend.reset();
    onClose();
  };
  function done() {
    toasts.success('Contest updated', 'The contest has been updated successfully.');
    close();
  }
  // The stored table, read afresh before the form opens (its initial values); none when
  // unreadable (then the table is sent only if it is set here).
  const prizes = trpc.prizes.get.useQuery(
    { contestId: contest?.id ?? 0 },
    { enabled: contest !== null },
  );
  const storedTable = prizes.data?.table ?? null;
  // A submission contest's stored settings (none before the first save: the defaults).
  const submission = contest?.format === 'submission';
  const evaluation = trpc.submissions.evaluation.useQuery(
    { contestId: contest?.id ?? 0 },
    { enabled: contest !== null && submission },
  );
  const storedEvaluation = evaluation.data?.key ? evaluation.data : null;
  // An Open contest's scoring and rules (only an Open contest can have them).
  const trading = trpc.trading.rules.useQuery(
    { contestId: contest?.id ?? 0 },
    { enabled: contest !== null && contest.format === 'open' },
  );
  const storedTrading = trading.data ?? null;
  const setRules = trpc.trading.setRules.useMutation({
    onError: (error) =>
      toasts.error('Trading rules not saved', errorMessage(error, 'Failed to save the rules')),
  });
  // While saving (and with a refused key shown) the form stays open through the refetches.
  const sending =
    update.isPending || setRules.isPending || keySend.share !== null || keySend.refusal !== null;
  const schema = SCHEMAS[variant];
  const fixed = Boolean(contest?.bracketGeneratedAt);
  const editForm = (contest: TContest): ZodFormOptions<Values, unknown> => ({
    initialValues: initialValues(contest, storedTable, storedEvaluation, storedTrading),
    schema: checked(variant, initialEvaluationValues(storedEvaluation)),
    serverFields: SERVER_FIELDS,
    validateOnBlur: false,
    submit: async (values) => {
      const start = initialValues(contest, storedTable, storedEvaluation, storedTrading);
      const parsed = schema.parse(formPayload(values)) as Record<string, unknown>;
      // PATCH semantics: only what was changed is sent, so an untouched date keeps its
      // seconds and a field the server would refuse to re-check is left alone.
      const input: Record<string, unknown> = { id: contest.id };
      for (const key of FIELDS) {
        if (key in parsed && values[key] !== start[key]) input[key] = parsed[key];
      }
      // The settings the format asks for, when one of them (or the format) changed.
      if (JSON.stringify(askedSettingsOf(values)) !== JSON.stringify(askedSettingsOf(start))) {
        input.tournament = parsed.tournament;
      }
      if (JSON.stringify(values.prizeTable) !== JSON.stringify(start.prizeTable)) {
        input.prizeTable = parsed.prizeTable;
      }
      if (variant === 'member' && contest.status === 'rejected' && values.resubmit) {
        input.status = 'pending'; // any status from the creator means 'submit' (server)
      }
      // The evaluation when changed (with a new key, the key's send carries it instead).
      const settings = values.format === 'submission' ? settingsOf(values.evaluation) : undefined;
      const key = settings && keySend.files.key ? keySend.files : null;
      if (
        settings &&
        !key &&
        JSON.stringify(values.evaluation) !== JSON.stringify(start.evaluation)
      ) {
        input.evaluation = settings;
      }
      // The trading rules when the contest becomes a trading one or they changed (checked above
      // by the shared schema; sent after the update, which may have made the contest Open).
      const rules =
        scoringOf(values) === 'trading' &&
        (start.scoring !== 'trading' ||
          JSON.stringify(values.trading) !== JSON.stringify(start.trading))
          ? rulesOf(values.trading)
          : null;
      if (Object.keys(input).length === 1 && !key && !rules) {
        close();
        return null;
      }
      const saved =
        Object.keys(input).length > 1
          ? await update.mutateAsync(input as TUpdateContestRequest)
          : null;
      // The contest's changes are saved; refused rules keep the form open with their toast.
      if (rules) await setRules.mutateAsync({ contestId: contest.id, ...rules });
      // The contest's changes are saved; a refused key stays open here with its lines.
      if (settings && key && !(await keySend.send(contest.id, settings))) return saved;
      done();
      return saved;
    },
  });
  return (
    <RowFormDialog
      row={
        !sending && (prizes.isFetching || evaluation.isFetching || trading.isFetching)
          ? null
          : contest
      }
      title="Edit Contest"
      onClose={close}
      form={editForm}
    >
      {(contest, { values }) => (
        <Stack gap="4">
          <FormField name="title" label="Title" />
          <TextareaField name="description" label="Description" rows={6} />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <SelectField name="type" label="Type" options={TYPE_OPTIONS} />
            <SelectField name="requiredTier" label="Required Tier" options={TIER_OPTIONS} />
          </SimpleGrid>
          {variant === 'admin' ? (
            <>
              <SelectField
                name="status"
                label="Status"
                options={statusOptions(initialValues(contest, null).status)}
              />
              <CheckboxField
                name="featured"
                label="Featured"
                description="Show this contest on the home page"
              />
            </>
          ) : null}
          <ContestDateFields
            deadlineHelp="On or before the start date."
            sideBySideFrom="sm"
            gap="4"
          />
          <FormField name="prize" label="Prize" />
          <PrizeTableField />
          {/* A bracket contest ends in places, not scores, and a trading board writes places: how
              scores read and rank does not apply to either. */}
          {hasBracket(values.format as ContestFormat) || scoringOf(values) === 'trading' ? null : (
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <SelectField name="scoreDecimals" label="Score Decimals" options={DECIMAL_OPTIONS} />
              <SelectField name="scoreOrder" label="Score Order" options={ORDER_OPTIONS} />
            </SimpleGrid>
          )}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormatChoiceField disabled={fixed} />
            <SelectField
              name="mode"
              label="Mode"
              options={modeOptions(variant, contest.mode)}
              disabled={fixed}
            />
          </SimpleGrid>
          {fixed ? (
            <Alert.Root status="info" size="sm">
              <Alert.Indicator />
              <Alert.Title>{BRACKET_EXISTS_MESSAGE}.</Alert.Title>
            </Alert.Root>
          ) : null}
          <TournamentSettingsFields
            format={values.format}
            mode={values.mode}
            settings={values.tournament}
            disabled={fixed}
          />
          <ScoringChoiceField locked={storedTrading?.scoring === 'trading'} />
          {scoringOf(values) === 'trading' ? <TradingRulesFields prefix="trading." /> : null}
          {values.format === 'submission' ? (
            <EditEvaluationFields
              keySend={keySend}
              keyStored={!!storedEvaluation?.keyReady}
              canSendKey={contest.format === 'submission'}
            />
          ) : null}
          <SwitchField
            name="enableComments"
            label="Discussion"
            description="A Discussion tab on the contest page. Off hides it and refuses new posts; what was written is kept."
          />
          {/* Saved at once (discussion.setOpen), beside the form's own fields. */}
          {contest.enableComments && values.enableComments ? (
            <OpenDiscussionSwitch contestId={contest.id} open={contest.openDiscussion} />
          ) : null}
          {variant === 'member' && contest.status === 'rejected' ? (
            <CheckboxField
              name="resubmit"
              label="Submit for review again"
              description="The moderators look at it again with your changes."
            />
          ) : null}
          <DialogFormActions onCancel={close} submitLabel="Save Changes" />
        </Stack>
      )}
    </RowFormDialog>
  );
}
