// What a sign-in through an OpenID provider left to do on /auth: choose a username (the
// provider's was taken or not valid here), confirm a link with the password of the account
// whose verified e-mail the provider vouched for, or read why it was refused.
import { Alert, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { toFormikValidationSchema } from 'zod-formik-adapter';
import { MSG } from '../../../shared/messages';
import { DEFAULT_SITE_NAME } from '../../../shared/platformName';
import {
  ZChooseUsernameRequestSchema,
  ZConfirmLinkRequestSchema,
  type TOidcFlow,
} from '../../../shared/schemas/oidc';
import { finishSignIn } from '../../lib/auth';
import { errorMessage, serverFieldErrors, type ServerFieldRules } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/useZodForm';
import { FocusFirstError } from '../common/FocusFirstError';
import { InlineFormActions } from '../common/FormButtons';
import { FormField } from '../common/FormField';

const usernameFields: ServerFieldRules = {
  byMessage: { [MSG.usernameTaken]: 'username' },
  fields: ['username'],
};

function useCancel() {
  const [, navigate] = useLocation();
  const cancel = trpc.oidc.cancel.useMutation({
    onSettled: () => navigate('/auth', { replace: true }),
  });
  return cancel;
}

function FollowUpCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="lg">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

function ChooseUsername({ flow }: { flow: Extract<TOidcFlow, { kind: 'username' }> }) {
  const settings = trpc.settings.public.useQuery(undefined, { staleTime: Infinity });
  const cancel = useCancel();
  const choose = trpc.oidc.chooseUsername.useMutation({
    onSuccess: (user) =>
      finishSignIn(
        'Registration successful',
        `Welcome to ${settings.data?.siteName ?? DEFAULT_SITE_NAME}, ${user.username}!`,
        user,
      ),
  });
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
    <FollowUpCard title="Choose a username">
      <Formik {...form}>
        {() => (
          <Form noValidate>
            <FocusFirstError />
            <Stack gap="4">
              <Text>
                You are signing in with {flow.provider} as <strong>{flow.email}</strong>. Choose the
                username other members will know you by.
              </Text>
              {failure ? (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Title>{failure}</Alert.Title>
                </Alert.Root>
              ) : null}
              <FormField
                name="username"
                label="Username"
                autoComplete="username"
                helperText="3-50 letters, digits, dots, dashes or underscores"
              />
              <InlineFormActions
                submitLabel="Create account"
                busy={choose.isSuccess}
                cancelVariant="outline"
                onCancel={() => cancel.mutate()}
                cancelling={cancel.isPending}
                roomy
              />
            </Stack>
          </Form>
        )}
      </Formik>
    </FollowUpCard>
  );
}

function ConfirmLink({ flow }: { flow: Extract<TOidcFlow, { kind: 'confirm' }> }) {
  const cancel = useCancel();
  const [, navigate] = useLocation();
  const confirm = trpc.oidc.confirmLink.useMutation({
    onSuccess: (result) => {
      // Linked; an account with two-factor sign-in gives its code on the sign-in page.
      if ('twoFactorRequired' in result) {
        navigate(`/auth?twoFactor=${encodeURIComponent(flow.username)}`, { replace: true });
      } else finishSignIn('Login successful', `Welcome back, ${result.username}!`);
    },
  });
  const failure = confirm.error ? errorMessage(confirm.error, 'Failed to link the account') : null;
  return (
    <FollowUpCard title={`Link ${flow.provider} to your account`}>
      <Formik
        initialValues={{ password: '' }}
        validationSchema={toFormikValidationSchema(ZConfirmLinkRequestSchema)}
        onSubmit={async (values) => {
          await confirm.mutateAsync(values).catch(() => undefined);
        }}
      >
        {() => (
          <Form noValidate>
            <FocusFirstError />
            <Stack gap="4">
              <Text>
                <strong>{flow.email}</strong> belongs to the account{' '}
                <strong>{flow.username}</strong> here. Enter its password to link {flow.provider} to
                it; from then on either way signs you in.
              </Text>
              {failure ? (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Title>{failure}</Alert.Title>
                </Alert.Root>
              ) : null}
              {/* For password managers: the account the password belongs to. */}
              <input type="hidden" name="username" autoComplete="username" value={flow.username} />
              <FormField
                name="password"
                label="Password"
                type="password"
                autoComplete="current-password"
              />
              <InlineFormActions
                submitLabel="Link and sign in"
                busy={confirm.isSuccess}
                cancelVariant="outline"
                onCancel={() => cancel.mutate()}
                cancelling={cancel.isPending}
                roomy
              />
            </Stack>
          </Form>
        )}
      </Formik>
    </FollowUpCard>
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
