// The Teams panel's one-field forms: found a team, invite a member by username (the captain),
// rename the team (the captain). Each validates with the shared schema the procedure uses, and a
// refusal about the field (a name taken, an unknown or ineligible member) lands under it.
import { Button } from '@chakra-ui/react';
import type { FormikHelpers } from 'formik';
import { ZInviteForm, ZTeamNameForm } from '../../../shared/schemas/teams';
import { TEAM_MESSAGES as M } from '../../../shared/teams';
import { errorMessage, errorReason, type ServerFieldRules } from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/useZodForm';
import { FormField } from '../common/FormField';
import { StackForm } from '../common/StackForm';

const toasts = keyedToasts('team-form');

/** Reasons told beside the field rather than in a toast. */
const FIELD_REASONS = [
  'team_name_taken',
  'unknown_user',
  'invite_exists',
  'already_in_team',
  'tier',
  'email_unverified',
  'team_full',
];

function onField(field: 'name' | 'username'): ServerFieldRules {
  return { byMessage: {}, byReason: Object.fromEntries(FIELD_REASONS.map((r) => [r, field])) };
}

/** The toast of a refusal that is not told beside the field. */
function toastUnlessOnField(fallback: string) {
  return (error: unknown) => {
    if (!FIELD_REASONS.includes(errorReason(error) ?? '')) {
      toasts.error('Error', errorMessage(error, fallback));
    }
  };
}

function OneFieldForm<Result>({
  name,
  label,
  submitLabel,
  schema,
  submit,
  onSuccess,
  autoComplete = 'off',
  initial = '',
}: {
  name: 'name' | 'username';
  label: string;
  submitLabel: string;
  schema: typeof ZTeamNameForm | typeof ZInviteForm;
  /** Sends the field's value, trimmed. */
  submit: (value: string) => Promise<Result>;
  onSuccess: (value: string, helpers: FormikHelpers<Record<string, string>>) => void;
  autoComplete?: string;
  initial?: string;
}) {
  const form = useZodForm<Record<string, string>, Result>({
    initialValues: { [name]: initial },
    schema,
    serverFields: onField(name),
    submit: (values) => submit(values[name]!.trim()),
    onSuccess: (_result, helpers, values) => onSuccess(values[name]!.trim(), helpers),
  });
  return (
    <StackForm
      form={form}
      direction={{ base: 'column', sm: 'row' }}
      align={{ sm: 'flex-end' }}
      gap="3"
    >
      {({ isSubmitting }) => (
        <>
          <FormField name={name} label={label} autoComplete={autoComplete} required />
          <Button type="submit" colorPalette="purple" loading={isSubmitting} flexShrink={0}>
            {submitLabel}
          </Button>
        </>
      )}
    </StackForm>
  );
}

export function CreateTeamForm({ contestId }: { contestId: number }) {
  const create = trpc.teams.create.useMutation({
    onError: toastUnlessOnField('Failed to create the team'),
  });
  return (
    <OneFieldForm
      name="name"
      label="Team name"
      submitLabel="Create team"
      schema={ZTeamNameForm}
      submit={(name) => create.mutateAsync({ contestId, name })}
      onSuccess={(_name, helpers) => {
        toasts.success(M.created);
        helpers.resetForm();
      }}
    />
  );
}

export function InviteMemberForm({ teamId }: { teamId: number }) {
  const invite = trpc.teams.invite.useMutation({
    onError: toastUnlessOnField('Failed to send the invitation'),
  });
  return (
    <OneFieldForm
      name="username"
      label="Invite by username"
      submitLabel="Invite"
      schema={ZInviteForm}
      submit={(username) => invite.mutateAsync({ teamId, username })}
      onSuccess={(username, helpers) => {
        toasts.success(M.invited, `${username} can now accept the invitation.`);
        helpers.resetForm();
      }}
    />
  );
}

export function RenameTeamForm({ teamId, name }: { teamId: number; name: string }) {
  const rename = trpc.teams.rename.useMutation({
    onError: toastUnlessOnField('Failed to rename the team'),
  });
  return (
    <OneFieldForm
      name="name"
      label="New team name"
      submitLabel="Rename"
      schema={ZTeamNameForm}
      initial={name}
      submit={(next) => rename.mutateAsync({ teamId, name: next })}
      onSuccess={() => toasts.success(M.renamed)}
    />
  );
}
