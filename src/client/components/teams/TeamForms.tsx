// The Teams panel's one-field forms: found a team, invite a member by username (the captain),
// rename the team (the captain). Each validates with the shared schema the procedure uses, and a
// refusal about the field (a name taken, an unknown or ineligible member) lands under it.
import { Button, Stack } from '@chakra-ui/react';
import { Form, Formik, type FormikHelpers } from 'formik';
import { toFormikValidationSchema } from 'zod-formik-adapter';
import { ZInviteForm, ZTeamNameForm } from '../../../shared/schemas/teams';
import { TEAM_MESSAGES as M } from '../../../shared/teams';
import { errorMessage, errorReason } from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { FocusFirstError } from '../common/FocusFirstError';
import { FormField } from '../common/FormField';

const toasts = keyedToasts('team-form');

const NAME_SCHEMA = toFormikValidationSchema(ZTeamNameForm);
const INVITE_SCHEMA = toFormikValidationSchema(ZInviteForm);

/** Reasons told beside the field rather than in a toast. */
const FIELD_REASONS = new Set([
  'team_name_taken',
  'unknown_user',
  'invite_exists',
  'already_in_team',
  'tier',
  'email_unverified',
  'team_full',
]);

function placeError<T>(field: keyof T & string, helpers: FormikHelpers<T>, fallback: string) {
  return (error: unknown) => {
    if (FIELD_REASONS.has(errorReason(error) ?? '')) {
      helpers.setFieldError(field, errorMessage(error, fallback));
    } else {
      toasts.error('Error', errorMessage(error, fallback));
    }
  };
}

function OneFieldForm({
  name,
  label,
  submitLabel,
  schema,
  onSubmit,
  autoComplete = 'off',
  initial = '',
}: {
  name: 'name' | 'username';
  label: string;
  submitLabel: string;
  schema: typeof NAME_SCHEMA | typeof INVITE_SCHEMA;
  onSubmit: (value: string, helpers: FormikHelpers<Record<string, string>>) => Promise<void>;
  autoComplete?: string;
  initial?: string;
}) {
  return (
    <Formik<Record<string, string>>
      initialValues={{ [name]: initial }}
      validationSchema={schema}
      onSubmit={(values, helpers) => onSubmit(values[name]!.trim(), helpers)}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <FocusFirstError />
          <Stack direction={{ base: 'column', sm: 'row' }} align={{ sm: 'flex-end' }} gap="3">
            <FormField name={name} label={label} autoComplete={autoComplete} required />
            <Button type="submit" colorPalette="purple" loading={isSubmitting} flexShrink={0}>
              {submitLabel}
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

export function CreateTeamForm({ contestId }: { contestId: number }) {
  const create = trpc.teams.create.useMutation();
  return (
    <OneFieldForm
      name="name"
      label="Team name"
      submitLabel="Create team"
      schema={NAME_SCHEMA}
      onSubmit={(name, helpers) =>
        create.mutateAsync({ contestId, name }).then(
          () => {
            toasts.success(M.created);
            helpers.resetForm();
          },
          placeError('name', helpers, 'Failed to create the team'),
        )
      }
    />
  );
}

export function InviteMemberForm({ teamId }: { teamId: number }) {
  const invite = trpc.teams.invite.useMutation();
  return (
    <OneFieldForm
      name="username"
      label="Invite by username"
      submitLabel="Invite"
      schema={INVITE_SCHEMA}
      onSubmit={(username, helpers) =>
        invite.mutateAsync({ teamId, username }).then(
          () => {
            toasts.success(M.invited, `${username} can now accept the invitation.`);
            helpers.resetForm();
          },
          placeError('username', helpers, 'Failed to send the invitation'),
        )
      }
    />
  );
}

export function RenameTeamForm({ teamId, name }: { teamId: number; name: string }) {
  const rename = trpc.teams.rename.useMutation();
  return (
    <OneFieldForm
      name="name"
      label="New team name"
      submitLabel="Rename"
      schema={NAME_SCHEMA}
      initial={name}
      onSubmit={(next, helpers) =>
        rename.mutateAsync({ teamId, name: next }).then(
          () => {
            toasts.success(M.renamed);
          },
          placeError('name', helpers, 'Failed to rename the team'),
        )
      }
    />
  );
}
