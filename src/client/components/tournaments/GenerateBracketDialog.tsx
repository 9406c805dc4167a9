// The organiser's 'Generate bracket' (or 'Regenerate bracket', after a confirmation, while no
// result is in): seeding random, by current leaderboard score, or in a manual order.
import { Stack, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { SEEDING_LABELS, SEEDING_RULES, type SeedingRule } from '../../../shared/tournaments';
import { ZGenerateBracketInput } from '../../../shared/schemas/tournaments';
import { errorMessage } from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/useZodForm';
import { AppDialog } from '../common/AppDialog';
import { DialogFormActions } from '../common/FormButtons';
import { ChoiceField } from './ChoiceField';
import { SeedingOrderList, type Entrant } from './SeedingOrderList';

const toasts = keyedToasts('generateBracket');

/** What the form checks: the request's seeding rule (the order is the list's, always whole). */
const ZSeedingForm = ZGenerateBracketInput.pick({ seeding: true });

interface Values {
  seeding: SeedingRule;
  order: Entrant[];
}

export function GenerateBracketDialog({
  open,
  onClose,
  contestId,
  regenerate,
  entrants,
}: {
  open: boolean;
  onClose: () => void;
  contestId: number;
  regenerate: boolean;
  /** The participants in seeding order so far (for a manual order). */
  entrants: readonly Entrant[];
}) {
  const generate = trpc.tournaments.generate.useMutation({
    // What was asked, not the prop: the bracket's live update can reach this page before the
    // answer does, and turn `regenerate` true under a first generation.
    onSuccess: (_bracket, asked) => {
      toasts.success(asked.regenerate ? 'Bracket regenerated' : 'Bracket generated');
      onClose();
    },
    onError: (error) => {
      toasts.error(
        'Bracket not generated',
        errorMessage(error, 'The bracket could not be generated'),
      );
    },
  });
  const form = useZodForm<Values, unknown>({
    initialValues: { seeding: 'random', order: [...entrants] },
    schema: ZSeedingForm,
    submit: (values) =>
      generate.mutateAsync(
        ZGenerateBracketInput.parse({
          contestId,
          seeding: values.seeding,
          order: values.seeding === 'manual' ? values.order.map((e) => e.id) : undefined,
          regenerate: regenerate || undefined,
        }),
      ),
  });
  const title = regenerate ? 'Regenerate bracket' : 'Generate bracket';
  return (
    <AppDialog open={open} onClose={onClose} title={title}>
      <Formik {...form}>
        {({ values, setFieldValue }) => (
          <Form noValidate>
            <Stack gap="4">
              <Text>
                {entrants.length} participants.{' '}
                {regenerate
                  ? 'The current bracket is replaced by a new one.'
                  : 'Once generated, the format and its settings are fixed.'}
              </Text>
              <ChoiceField
                name="seeding"
                label="Seeding"
                options={SEEDING_RULES.map((rule) => ({
                  value: rule,
                  label: SEEDING_LABELS[rule],
                }))}
              />
              {values.seeding === 'manual' ? (
                <SeedingOrderList
                  entrants={values.order}
                  onChange={(order) => void setFieldValue('order', order)}
                />
              ) : null}
              <DialogFormActions onCancel={onClose} submitLabel={title} />
            </Stack>
          </Form>
        )}
      </Formik>
    </AppDialog>
  );
}
