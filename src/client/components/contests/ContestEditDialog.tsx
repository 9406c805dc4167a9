// The Edit dialog of /admin/contests (SPEC 2.17): title, description, type, required tier,
// status, featured, dates and prize, validated with ZContestEditFormSchema. The same form, less
// status and featured, lets a member edit their own pending or rejected contest on its page
// (PRODUCT.md: creators edit and resubmit them); drafts go back to the wizard instead.
import { Stack, SimpleGrid } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { toFormikValidationSchema } from 'zod-formik-adapter';
import { TIERS, TIER_LABELS } from '../../../shared/constants';
import {
  ADMIN_CONTEST_STATUSES,
  ADMIN_CONTEST_TYPES,
  CATEGORY_LABELS,
  CONTEST_CATEGORIES,
  STATUS_LABELS,
  type ContestCategory,
} from '../../../shared/contests';
import {
  ZContestEditFormSchema,
  type TContest,
  type TUpdateContestRequest,
} from '../../../shared/schemas/contests';
import { errorMessage, placeServerFieldErrors } from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { AppDialog } from '../common/AppDialog';
import { CheckboxField } from '../common/CheckboxField';
import { DialogFormActions } from '../common/FormButtons';
import { FormField } from '../common/FormField';
import { SelectField } from '../common/SelectField';
import { TextareaField } from '../common/TextareaField';

const toasts = keyedToasts('contestEdit');

export type ContestEditVariant = 'admin' | 'member';

const ZMemberEditFormSchema = ZContestEditFormSchema.omit({ status: true, featured: true });

const FIELDS = [
  'title',
  'description',
  'type',
  'requiredTier',
  'status',
  'featured',
  'startDate',
  'endDate',
  'prize',
] as const;

interface Values {
  title: string;
  description: string;
  type: string;
  requiredTier: string;
  status: string;
  featured: boolean;
  startDate: string;
  endDate: string;
  prize: string;
  /** Member, rejected contest: send it for review again with the changes. */
  resubmit: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as a datetime-local input shows it, in the browser's time zone. */
export function toLocalInput(date: Date | null): string {
  if (!date) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function initialValues(contest: TContest): Values {
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
    startDate: toLocalInput(contest.startDate),
    endDate: toLocalInput(contest.endDate),
    prize: contest.prize ?? '',
    resubmit: contest.status === 'rejected',
  };
}

function typeOptions(variant: ContestEditVariant, current: ContestCategory) {
  // The admin list has no forex (SPEC 3), but a forex contest keeps its type unless changed.
  const types: readonly ContestCategory[] =
    variant === 'admin'
      ? [
          ...ADMIN_CONTEST_TYPES,
          ...(ADMIN_CONTEST_TYPES.includes(current as never) ? [] : [current]),
        ]
      : CONTEST_CATEGORIES;
  return types.map((t) => ({ value: t, label: CATEGORY_LABELS[t] }));
}

function statusOptions(initial: string) {
  const options = ADMIN_CONTEST_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }));
  return initial ? options : [{ value: '', label: 'Draft (choose a status)' }, ...options];
}

const TIER_OPTIONS = TIERS.map((t) => ({ value: t, label: TIER_LABELS[t] }));

export function ContestEditDialog({
  contest,
  variant,
  onClose,
}: {
  contest: TContest | null;
  variant: ContestEditVariant;
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  const update = trpc.contests.update.useMutation({
    onSuccess: () => {
      toasts.success('Contest updated', 'The contest has been updated successfully.');
      void utils.contests.invalidate();
      onClose();
    },
    onError: (error) =>
      toasts.error('Update failed', errorMessage(error, 'Failed to update contest')),
  });
  const schema = variant === 'admin' ? ZContestEditFormSchema : ZMemberEditFormSchema;
  return (
    <AppDialog open={Boolean(contest)} onClose={onClose} title="Edit Contest">
      {contest ? (
        <Formik<Values>
          initialValues={initialValues(contest)}
          validationSchema={toFormikValidationSchema(schema)}
          validateOnBlur={false}
          onSubmit={async (values, { setFieldError }) => {
            const start = initialValues(contest);
            const parsed = schema.parse(values) as Record<string, unknown>;
            // PATCH semantics: only what was changed is sent, so an untouched date keeps its
            // seconds and a field the server would refuse to re-check is left alone.
            const input: Record<string, unknown> = { id: contest.id };
            for (const key of FIELDS) {
              if (key in parsed && values[key] !== start[key]) input[key] = parsed[key];
            }
            if (variant === 'member' && contest.status === 'rejected' && values.resubmit) {
              input.status = 'pending'; // any status from the creator means 'submit' (server)
            }
            if (Object.keys(input).length === 1) {
              onClose();
              return;
            }
            await update.mutateAsync(input as TUpdateContestRequest).catch((error: unknown) => {
              placeServerFieldErrors(error, setFieldError, { byMessage: {}, fields: FIELDS });
            });
          }}
        >
          {() => (
            <Form noValidate>
              <Stack gap="4">
                <FormField name="title" label="Title" />
                <TextareaField name="description" label="Description" rows={6} />
                <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                  <SelectField
                    name="type"
                    label="Type"
                    options={typeOptions(variant, contest.type)}
                  />
                  <SelectField name="requiredTier" label="Required Tier" options={TIER_OPTIONS} />
                </SimpleGrid>
                {variant === 'admin' ? (
                  <>
                    <SelectField
                      name="status"
                      label="Status"
                      options={statusOptions(initialValues(contest).status)}
                    />
                    <CheckboxField
                      name="featured"
                      label="Featured"
                      description="Show this contest on the home page"
                    />
                  </>
                ) : null}
                <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                  <FormField name="startDate" label="Start Date" type="datetime-local" />
                  <FormField name="endDate" label="End Date" type="datetime-local" />
                </SimpleGrid>
                <FormField name="prize" label="Prize" />
                {variant === 'member' && contest.status === 'rejected' ? (
                  <CheckboxField
                    name="resubmit"
                    label="Submit for review again"
                    description="The moderators look at it again with your changes."
                  />
                ) : null}
                <DialogFormActions onCancel={onClose} submitLabel="Save Changes" />
              </Stack>
            </Form>
          )}
        </Formik>
      ) : null}
    </AppDialog>
  );
}
