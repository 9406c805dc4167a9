// What a sign-in through an OpenID provider left to do on /auth: choose a username (the
// provider's was taken or not valid here), confirm a link with the password of the account
// whose verified e-mail the provider vouched for, or read why it was refused.
import { Alert, Text } from '@chakra-ui/react';
import { type FormikConfig, type FormikValues } from 'formik';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { MSG } from '../../../shared/messages';
import {
  ZChooseUsernameRequestSchema,
  ZConfirmLinkRequestSchema,
  type TOidcFlow,
} from '../../../shared/schemas/oidc';
import { finishAccountSignIn } from '../../lib/auth';
import { errorMessage, serverFieldErrors, type ServerFieldRules } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/useZodForm';
import { InlineFormActions } from '../common/FormButtons';
import { FormField } from '../common/FormField';
import { StackForm } from '../common/StackForm';
import { ErrorAlert } from '../common/StatusAlert';
import { useWelcomeNewMember } from './useWelcomeNewMember';
import { TitledCard } from '../common/TitledCard';

const usernameFields: ServerFieldRules = {
  byMessage: { [MSG.usernameTaken]: 'username' },
  fields: ['username'],
};

/**
 * The card of a follow-up form: what is asked, the failure of the last try, the fields, then the
 * submit and a Cancel that drops the pending sign-in and goes back to the sign-in tabs.
 */
function FollowUpForm<Values extends FormikValues>({
  title,
  form,
  intro,
  failure,
  submitLabel,
  busy,
  children,
}: {
  title: string;
  form: FormikConfig<Values>;
  intro: ReactNode;
  failure: string | null;
  submitLabel: string;
  /** Spinning on after a success, while the page moves on. */
  busy: boolean;
  children: ReactNode;
}) {
  const [, navigate] = useLocation();
  const cancel = trpc.oidc.cancel.useMutation({
    onSettled: () => navigate('/auth', { replace: true }),
  });
  return (
    <TitledCard title={title} headingSize="lg">
      <StackForm form={form} gap="4">
        <Text>{intro}</Text>
        <ErrorAlert message={failure} />
        {children}
        <InlineFormActions
          submitLabel={submitLabel}
          busy={busy}
          cancelVariant="outline"
          onCancel={() => cancel.mutate()}
          cancelling={cancel.isPending}
          roomy
        />
      </StackForm>
    </TitledCard>
  );
}

function ChooseUsername({ flow }: { flow: Extract<TOidcFlow, { kind: 'username' }> }) {
  const welcome = useWelcomeNewMember();
  const choose = trpc.oidc.chooseUsername.useMutation({ onSuccess: welcome });
  // A taken or refused username shows beside the field; anything else above the form.
  const failure =
    choose.error && !Object.keys(serverFieldErrors(choose.error, usernameFields)).length
      ? errorMessage(choose.error, 'Failed to create account. Please try again.')
      : null;
  const form = useZodForm({
    initialValues: { username: flow.suggestedUsername },
    schema: ZChooseUsernameRequestSchema,
    serverFields: usernameFields,
    submit: (values) => choose.mutateAsync(values),
  });
  return (
    <FollowUpForm
      title="Choose a username"
      form={form}
      intro={
        <>
          You are signing in with {flow.provider} as <strong>{flow.email}</strong>. Choose the
          username other members will know you by.
        </>
      }
      failure={failure}
      submitLabel="Create account"
      busy={choose.isSuccess}
    >
      <FormField
        name="username"
        label="Username"
        autoComplete="username"
        helperText="3-50 letters, digits, dots, dashes or underscores"
      />
    </FollowUpForm>
  );
}

function ConfirmLink({ flow }: { flow: Extract<TOidcFlow, { kind: 'confirm' }> }) {
  const [, navigate] = useLocation();
  const confirm = trpc.oidc.confirmLink.useMutation({
    onSuccess: (result) => {
      // Linked; an account with two-factor sign-in gives its code on the sign-in page.
      if ('twoFactorRequired' in result) {
        // The page to return to afterwards (?next=) stays in the address.
        const params = new URLSearchParams(window.location.search);
        params.delete('oidc');
        params.set('twoFactor', flow.username);
        navigate(`/auth?${params.toString()}`, { replace: true });
      } else finishAccountSignIn(result);
    },
  });
  const failure = confirm.error ? errorMessage(confirm.error, 'Failed to link the account') : null;
  // A wrong password is said above the fields (no refusal belongs beside one).
  const form = useZodForm({
    initialValues: { password: '' },
    schema: ZConfirmLinkRequestSchema,
    submit: (values) => confirm.mutateAsync(values),
  });
  return (
    <FollowUpForm
      title={`Link ${flow.provider} to your account`}
      form={form}
      intro={
        <>
          <strong>{flow.email}</strong> belongs to the account <strong>{flow.username}</strong>{' '}
          here. Enter its password to link {flow.provider} to it; from then on either way signs you
          in.
        </>
      }
      failure={failure}
      submitLabel="Link and sign in"
      busy={confirm.isSuccess}
    >
      {/* For password managers: the account the password belongs to. */}
      <input type="hidden" name="username" autoComplete="username" value={flow.username} />
      <FormField name="password" label="Password" type="password" autoComplete="current-password" />
    </FollowUpForm>
  );
}

/** The follow-up form (the sign-in tabs are hidden meanwhile), or the refusal above them. */
export function OidcFollowUp() {
  const flow = trpc.oidc.flow.useQuery(undefined, { staleTime: 0 });
  const data = flow.data;
  if (data?.kind === 'username') return <ChooseUsername flow={data} />;
  if (data?.kind === 'confirm') return <ConfirmLink flow={data} />;
  if (data?.kind === 'error' && data.intent === 'signin') {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Sign-in did not complete</Alert.Title>
          <Alert.Description>{data.message}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  return null;
}
