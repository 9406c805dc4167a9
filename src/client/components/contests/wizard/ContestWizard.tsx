// The contest wizard, one component for both (SPEC 2.6 member, 2.18 admin; variants.ts lists
// what differs). Next validates only the current step with its shared schema (SPEC 5's messages
// beside their fields) and, for members, saves the server draft; Previous goes back without
// validating; Submit parses the whole form with the shared schema and sends it.
//
// Not on useZodForm (lib/useZodForm.ts), the one form hook, on purpose: that hook is one schema,
// one call and the refusal kept beside its field on the screen the member is looking at. Here
// the submit button is two things (Next: check this step, no call; Submit: parse every step, then
// call), what is checked while typing switches on only after the first Next ('checking'), and a
// refusal (the client's whole-form parse or the server's) is about a field on another step: it
// takes the member back to that step and marks it there. Bending the hook to that (a submit
// given Formik's helpers, a step-moving error handler, a switchable validateOnChange) would make
// it a second Formik config for one caller; the shared pieces it is built from are used here
// directly instead (the step schemas from src/shared/schemas, serverFieldErrors from lib/errors).
//
// A submission contest (issue 31): its evaluation settings go with the contest (one transaction);
// then the answer key, if chosen, by the Evaluation panel's own send. A refused key leaves the
// contest created: the member is taken to its page, where the panel lists the key's problems.
//
// A trading contest (issue 34): the contest is created, then its rules are set (trading.setRules,
// a second call: the create call does not carry them). The rules are checked by the shared schema
// before the first call, so the second can fail only on the server's side; then the contest page
// opens with its rules dialog.
import { Box, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { Form, Formik, setIn, type FormikHelpers, type FormikProps } from 'formik';
import { ChevronLeft, ChevronRight, Eye, Save, Send } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { z, type ZodType } from 'zod';
import { toFormikValidationSchema } from 'zod-formik-adapter';
import { CONTEST_MESSAGES } from '../../../../shared/contests';
import { errorMessage, serverFieldErrors } from '../../../lib/errors';
import { keyedToasts } from '../../../lib/toaster';
import { trpc } from '../../../lib/trpc';
import { AccessStep } from './AccessStep';
import { BasicInfoStep } from './BasicInfoStep';
import { browserStorage, clearBrowserDraft } from './browserDraft';
import { ContentStep } from './ContentStep';
import { ContestPreviewDialog } from './ContestPreviewDialog';
import { EMPTY_VALUES, askedSettingsOf, withAskedSettings, type WizardValues } from './formValues';
import { KeepBrowserCopy } from './KeepBrowserCopy';
import { ScheduleStep } from './ScheduleStep';
import { SetupStep } from './SetupStep';
import { useDraftSaver } from './useDraftSaver';
import { createdMessage, stepFields, stepOfField, type WizardVariant } from './variants';
import { WizardProgress } from './WizardProgress';
import { FocusFirstError } from '../../common/FocusFirstError';
import { withPrizeTable } from '../prizes/prizeTableValues';
import type { TEvaluationSettingsInput } from '../../../../shared/schemas/submissions';
import {
  keepKeyRefusal,
  sendEvaluation,
  type EvaluationFiles,
} from '../../submissions/sendEvaluation';
import { UploadProgress } from '../../submissions/UploadProgress';
import { evaluationIssues, evaluationPayload, withEvaluationCheck } from './evaluationStep';
import { tradingIssues, withTradingCheck } from '../../trading/tradingCheck';
import { rulesOf, scoringOf } from '../../trading/rulesForm';
import { RULES_PARAM } from '../../trading/rulesLink';

/**
 * What is checked and sent: the asked settings only, the prize table as the schema reads it, and
 * the 'open discussion' switch only while comments are on (it is hidden, so not asked, when off).
 */
const formPayload = (values: WizardValues) =>
  withAskedSettings(
    withPrizeTable({ ...values, openDiscussion: values.enableComments && values.openDiscussion }),
  );

// The draft's toasts share their key with useDraftSaver's 'Draft not saved'.
const createToasts = keyedToasts('contestCreate');
const draftToasts = keyedToasts('contestDraft');

export interface WizardStart {
  values: WizardValues;
  /** 0-based. */
  step: number;
  draftId: number | null;
}

interface Props {
  variant: WizardVariant;
  start: WizardStart;
  userId: number;
  /** Told the id of the server draft the first save made (the page puts it in the URL). */
  onNewDraft?: (id: number) => void;
}

const FORM_FIELDS = Object.keys(EMPTY_VALUES);

/** Service refusals that are about one field, placed beside it. */
const FIELD_MESSAGES = {
  [CONTEST_MESSAGES.coverImage]: 'coverImage',
  [CONTEST_MESSAGES.pdfGuide]: 'pdfGuide',
};

export function ContestWizard({ variant, start, userId, onNewDraft }: Props) {
  const [step, setStep] = useState(start.step);
  const [previewOpen, setPreviewOpen] = useState(false);
  // Until Next (or Submit) is first pressed on a step, nothing is checked: a message appearing
  // when a field loses focus would move the buttons under the pointer and swallow the click.
  const [checking, setChecking] = useState(false);
  // The submission contest's answer key and sample, sent once the contest exists.
  const [files, setFiles] = useState<EvaluationFiles>({ key: null, sample: null });
  const [share, setShare] = useState<number | null>(null);
  const [, navigate] = useLocation();
  const drafts = useDraftSaver(start.draftId, onNewDraft);
  const create = trpc.contests.create.useMutation();
  const setRules = trpc.trading.setRules.useMutation();
  const headingRef = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);
  const last = variant.stepTitles.length - 1;
  const schemas = useMemo(
    () =>
      // Only the settings the chosen format asks for are checked (and sent).
      (variant.stepSchemas as readonly ZodType[]).map((schema, index) =>
        toFormikValidationSchema(
          z.preprocess(
            (values) => formPayload(values as WizardValues),
            index === stepOfField(variant, 'format')
              ? withTradingCheck(withEvaluationCheck(schema))
              : schema,
          ),
        ),
      ),
    [variant],
  );

  // A new step is announced and scrolled to: focus moves to its heading.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  function goTo(
    next: number,
    formik: Pick<FormikHelpers<WizardValues>, 'setTouched' | 'setErrors'>,
  ) {
    void formik.setTouched({}, false);
    formik.setErrors({});
    setChecking(false);
    setStep(next);
  }

  /** Takes the member to the step of a field with a problem and shows the message beside it. */
  function showProblem(
    field: string,
    message: string,
    helpers: Pick<FormikHelpers<WizardValues>, 'setTouched' | 'setFieldError'>,
  ) {
    setStep(stepOfField(variant, field.split('.')[0]!));
    void helpers.setTouched(setIn({}, field, true), false);
    helpers.setFieldError(field, message);
  }

  async function submit(values: WizardValues, helpers: FormikHelpers<WizardValues>) {
    const parsed = variant.formSchema.safeParse(formPayload(values));
    const problem = parsed.success
      ? (evaluationIssues(values)[0] ?? tradingIssues(values)[0])
      : parsed.error.issues[0];
    if (!parsed.success || problem) {
      const issue = problem!;
      showProblem(issue.path.map(String).join('.') || 'title', issue.message, helpers);
      createToasts.error('Creation failed', issue.message);
      return;
    }
    try {
      const id = variant.drafts ? await drafts.settledId() : null;
      const evaluation = evaluationPayload(values);
      const contest = await create.mutateAsync({
        ...parsed.data,
        type: parsed.data.category,
        ...(id ? { id } : {}),
        ...(evaluation ? { evaluation } : {}),
      });
      if (variant.drafts) clearBrowserDraft(browserStorage());
      const sent = evaluation && files.key ? await sendKey(contest.id, evaluation) : null;
      if (sent && !sent.ok) {
        // The contest exists: its page's Evaluation panel shows why the key was refused.
        keepKeyRefusal(contest.id, sent.refusal);
        createToasts.error(
          'Answer key refused',
          `${contest.title} was created, but its answer key was refused: see the Evaluation section.`,
        );
        navigate(`/contests/${contest.slug}`);
        return;
      }
      // A trading contest's rules, checked above by the shared schema, go by their own call once
      // the contest exists. Refused (the network, a format changed meanwhile), the contest stays
      // created: the organiser is taken to its page with the rules dialog open to set them again.
      if (scoringOf(values) === 'trading') {
        try {
          await setRules.mutateAsync({ contestId: contest.id, ...rulesOf(values.trading) });
        } catch (error) {
          createToasts.error(
            'Trading rules not saved',
            `${contest.title} was created, but its trading rules were not saved: ` +
              errorMessage(error, 'try again') +
              '. Set them on its page.',
          );
          navigate(`/contests/${contest.slug}?${RULES_PARAM}=1`);
          return;
        }
      }
      const keyNote = evaluation && !files.key ? ' Upload the answer key on its page.' : '';
      createToasts.success('Contest created', createdMessage(variant, contest) + keyNote);
      navigate(variant.doneHref);
    } catch (error) {
      createToasts.error('Creation failed', errorMessage(error, 'Failed to create contest'));
      const [field] = Object.entries(
        serverFieldErrors(error, { byMessage: FIELD_MESSAGES, fields: FORM_FIELDS }),
      );
      if (field) showProblem(field[0], field[1], helpers);
    }
  }

  async function sendKey(contestId: number, settings: TEvaluationSettingsInput) {
    setShare(0);
    try {
      return await sendEvaluation(contestId, settings, files, setShare);
    } finally {
      setShare(null);
    }
  }

  async function onSubmit(values: WizardValues, helpers: FormikHelpers<WizardValues>) {
    if (step < last) {
      goTo(step + 1, helpers);
      if (variant.drafts) void drafts.save(values);
      return;
    }
    await submit(values, helpers);
  }

  async function saveDraft(formik: FormikProps<WizardValues>) {
    const result = await drafts.save(formik.values);
    if (!result) return;
    const here = stepFields(variant, step).filter((f) => result.skipped.includes(f));
    if (here.length) {
      // Their messages show beside them: what they hold was not saved.
      setChecking(true);
      const touched: Record<string, unknown> = { ...formik.touched };
      for (const f of here) {
        // The settings are touched one by one (those the format shows).
        touched[f] =
          f === 'tournament'
            ? Object.fromEntries(Object.keys(askedSettingsOf(formik.values)).map((k) => [k, true]))
            : true;
      }
      void formik.setTouched(touched as never, true);
    }
    draftToasts.success(
      'Draft saved',
      result.skipped.length
        ? 'Saved, except fields that still have errors.'
        : 'Your contest draft has been saved.',
    );
  }

  const stepBody = [
    <BasicInfoStep key="basic" variant={variant} />,
    <SetupStep key="setup" variant={variant} files={files} onFiles={setFiles} />,
    <ScheduleStep key="schedule" />,
    <AccessStep key="access" variant={variant} />,
    <ContentStep key="content" />,
  ][step];

  return (
    <Formik<WizardValues>
      initialValues={start.values}
      validationSchema={schemas[step]}
      validateOnBlur={false}
      validateOnChange={checking}
      onSubmit={onSubmit}
    >
      {(formik) => (
        <Form
          noValidate
          aria-label={variant.kind === 'admin' ? 'Admin contest wizard' : 'Contest wizard'}
          onSubmitCapture={() => setChecking(true)}
        >
          <FocusFirstError />
          {variant.drafts ? (
            <KeepBrowserCopy userId={userId} step={step} draftId={drafts.draftId} />
          ) : null}
          <Card.Root>
            <Card.Body>
              <Stack gap="6">
                <Box ref={headingRef} tabIndex={-1} outline="none">
                  <WizardProgress step={step} titles={variant.stepTitles} />
                </Box>
                {stepBody}
                <Stack
                  direction={{ base: 'column-reverse', sm: 'row' }}
                  justify="space-between"
                  gap="3"
                  pt="2"
                >
                  <HStack gap="2" flexWrap="wrap">
                    <Button
                      variant="outline"
                      onClick={() => goTo(step - 1, formik)}
                      disabled={step === 0}
                    >
                      <ChevronLeft aria-hidden /> Previous
                    </Button>
                    {variant.drafts && step < last ? (
                      <Button
                        variant="ghost"
                        onClick={() => void saveDraft(formik)}
                        loading={drafts.saving}
                      >
                        <Save aria-hidden /> Save Draft
                      </Button>
                    ) : null}
                  </HStack>
                  <HStack gap="2" flexWrap="wrap" justify={{ base: 'flex-start', sm: 'flex-end' }}>
                    {step < last ? (
                      <Button type="submit" colorPalette="purple">
                        Next <ChevronRight aria-hidden />
                      </Button>
                    ) : (
                      <>
                        <Button variant="outline" onClick={() => setPreviewOpen(true)}>
                          <Eye aria-hidden /> Preview
                        </Button>
                        <Button type="submit" colorPalette="purple" loading={formik.isSubmitting}>
                          <Send aria-hidden /> {variant.submitLabel}
                        </Button>
                      </>
                    )}
                  </HStack>
                </Stack>
                {share !== null ? (
                  <UploadProgress share={share} label="Sending the answer key" />
                ) : null}
                {variant.drafts && drafts.savedAt ? (
                  <Text fontSize="sm" color="fg.muted" role="status">
                    Draft saved at{' '}
                    {drafts.savedAt.toLocaleTimeString('en-US', {
                      hour: 'numeric',
                      minute: '2-digit',
                    })}
                  </Text>
                ) : null}
              </Stack>
            </Card.Body>
          </Card.Root>
          <ContestPreviewDialog
            open={previewOpen}
            onClose={() => setPreviewOpen(false)}
            values={formik.values}
            submitLabel={variant.submitLabel}
            submitting={formik.isSubmitting}
            onSubmit={() => {
              setPreviewOpen(false);
              setChecking(true);
              void formik.submitForm();
            }}
          />
        </Form>
      )}
    </Formik>
  );
}
