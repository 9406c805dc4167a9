// 'Manage Plan' (issue 33): an admin grants a paid tier for some days, extends the plan held, or
// ends it, always with a reason the member is told. The request's shared schema checks the form:
// the fields a chosen action does not take are left out before it is checked and sent.
import { Stack, Text } from '@chakra-ui/react';
import { z } from 'zod';
import { TIER_LABELS } from '../../../../shared/constants';
import { PAID_TIERS } from '../../../../shared/payments';
import {
  STAFF_PLAN_REASON_MAX,
  ZStaffPlanRequestSchema,
  type StaffPlanAction,
  type TAdminUser,
} from '../../../../shared/schemas/adminUsers';
import { planDate } from '../../../../shared/subscriptions';
import { keyedToasts } from '../../../lib/toaster';
import { toastOutcome } from '../../../lib/toastOutcome';
import { trpc } from '../../../lib/trpc';
import type { ZodFormOptions } from '../../../lib/useZodForm';
import { FormField } from '../../common/FormField';
import { DialogFormActions } from '../../common/FormButtons';
import { RowFormDialog } from '../../common/RowFormDialog';
import { SelectField } from '../../common/SelectField';
import { ReasonField } from '../../common/ReasonField';

const toasts = keyedToasts('plan');

const ACTION_OPTIONS: { value: StaffPlanAction; label: string }[] = [
  { value: 'grant', label: 'Grant a plan' },
  { value: 'extend', label: 'Extend the plan' },
  { value: 'end', label: 'End the plan' },
];
const TIER_CHOICES = PAID_TIERS.map((t) => ({ value: t, label: TIER_LABELS[t] }));

interface Values {
  action: StaffPlanAction;
  tier: string;
  days: number | '';
  reason: string;
}

/** The request the form stands for: only the fields its action takes. */
function requestOf(id: number, values: Values) {
  return {
    id,
    action: values.action,
    tier: values.action === 'grant' ? values.tier : undefined,
    days: values.action !== 'end' && values.days !== '' ? values.days : undefined,
    reason: values.reason,
  };
}

function planNow(user: TAdminUser): string {
  const tier = TIER_LABELS[user.subscriptionTier ?? 'free'];
  return user.tierExpiresAt
    ? `${tier} until ${planDate(user.tierExpiresAt)}`
    : `${tier}, no end date`;
}

export function PlanDialog({ user, onClose }: { user: TAdminUser | null; onClose: () => void }) {
  const change = trpc.adminUsers.subscription.useMutation(
    toastOutcome(toasts, {
      success: (member: TAdminUser) => ['Plan updated', `${member.username}: ${planNow(member)}.`],
      failure: 'Failed to change the plan',
      then: onClose,
    }),
  );
  return (
    <RowFormDialog
      row={user}
      title="Manage Plan"
      onClose={onClose}
      form={(user): ZodFormOptions<Values, TAdminUser> => ({
        initialValues: { action: 'grant', tier: 'pro', days: 30, reason: '' },
        schema: z.preprocess(
          (values) => requestOf(user.id, values as Values),
          ZStaffPlanRequestSchema,
        ),
        submit: (values) =>
          change.mutateAsync(ZStaffPlanRequestSchema.parse(requestOf(user.id, values))),
      })}
    >
      {(user, { values }) => (
        <Stack gap="4">
          <Text>
            <strong>{user.username}</strong> now: {planNow(user)}.
          </Text>
          <SelectField name="action" label="Action" options={ACTION_OPTIONS} />
          {values.action === 'grant' ? (
            <SelectField name="tier" label="Tier" options={TIER_CHOICES} />
          ) : null}
          {values.action !== 'end' ? (
            <FormField name="days" label="Days" type="number" min={1} step={1} required />
          ) : null}
          <ReasonField
            maxLength={STAFF_PLAN_REASON_MAX}
            helperText="The member is told this with the change."
          />
          <DialogFormActions onCancel={onClose} submitLabel="Save Plan" />
        </Stack>
      )}
    </RowFormDialog>
  );
}
