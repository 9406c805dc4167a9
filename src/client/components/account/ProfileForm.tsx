import { SimpleGrid, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import type { TUser } from '../../../shared/schemas/auth';
import { ZUpdateProfileRequestSchema } from '../../../shared/schemas/account';
import { MSG } from '../../../shared/messages';
import type { ServerFieldRules } from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { toastOutcome } from '../../lib/toastOutcome';
import { trpc } from '../../lib/trpc';
import { useSetMe } from '../../lib/useMe';
import { useZodForm } from '../../lib/useZodForm';
import { FormField } from '../common/FormField';
import { SaveButton } from '../common/FormButtons';

// A name or e-mail someone else has, and any field the server refused, shows beside its field
// as well as in the toast.
const serverFields: ServerFieldRules = {
  byMessage: { [MSG.usernameTaken]: 'username', [MSG.emailTaken]: 'email' },
  fields: ['username', 'email', 'fullName', 'phoneNumber'],
};

const toasts = keyedToasts('profile');

/** The form's values for a user as the server has them. */
function valuesOf(user: TUser) {
  return {
    username: user.username,
    email: user.email,
    fullName: user.fullName ?? '',
    phoneNumber: user.phone ?? '',
  };
}

export function ProfileForm({ user }: { user: TUser }) {
  const setMe = useSetMe();
  const save = trpc.account.updateProfile.useMutation(
    toastOutcome(toasts, {
      success: 'Profile updated successfully',
      failure: 'Failed to update profile',
      then: setMe,
    }),
  );
  const form = useZodForm({
    initialValues: valuesOf(user),
    schema: ZUpdateProfileRequestSchema,
    serverFields,
    submit: (values) => save.mutateAsync(values),
    onSuccess: (updated, { resetForm }) => resetForm({ values: valuesOf(updated) }),
  });
  return (
    <Formik {...form} enableReinitialize>
      {() => (
        <Form noValidate>
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormField name="username" label="Username" autoComplete="username" />
              <FormField name="email" label="Email" type="email" autoComplete="email" />
              <FormField name="fullName" label="Full Name" autoComplete="name" />
              <FormField name="phoneNumber" label="Phone Number" type="tel" autoComplete="tel" />
            </SimpleGrid>
            <SaveButton>Save Changes</SaveButton>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
