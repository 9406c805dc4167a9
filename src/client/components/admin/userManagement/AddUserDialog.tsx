import { Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { ZCreateUserFormSchema, type CREATABLE_ROLES } from '../../../../shared/schemas/adminUsers';
import { keyedToasts } from '../../../lib/toaster';
import { toastOutcome } from '../../../lib/toastOutcome';
import { trpc } from '../../../lib/trpc';
import { useZodForm } from '../../../lib/useZodForm';
import { AppDialog } from '../../common/AppDialog';
import { DialogFormActions } from '../../common/FormButtons';
import { FormField } from '../../common/FormField';
import { RoleTierFields } from './RoleTierFields';

const toasts = keyedToasts('addUser');

const initialValues = {
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  role: 'user' as (typeof CREATABLE_ROLES)[number],
  subscriptionTier: 'free' as 'free' | 'standard' | 'pro' | 'elite',
};

export function AddUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = trpc.adminUsers.create.useMutation(
    toastOutcome(toasts, {
      success: 'User has been created successfully',
      failure: 'Failed to create user',
      then: onClose,
    }),
  );
  const form = useZodForm({
    initialValues,
    schema: ZCreateUserFormSchema,
    submit: ({ confirmPassword: _confirm, ...values }) =>
      create.mutateAsync({
        ...values,
        subscriptionTier: values.role === 'admin' ? null : values.subscriptionTier,
      }),
  });
  return (
    <AppDialog open={open} onClose={onClose} title="Add New User">
      <Formik
        {...form}
        // The dialog opens with Username focused. Validating on its blur showed its message the
        // moment Create User was pressed, moving the button before it was released, so the click
        // (and the submit that shows every message) never happened. Messages come on change and
        // on submit instead.
        validateOnBlur={false}
      >
        {({ values }) => (
          <Form noValidate>
            <Stack gap="4">
              <FormField name="username" label="Username" autoComplete="off" />
              <FormField name="email" label="Email" type="email" autoComplete="off" />
              <FormField
                name="password"
                label="Password"
                type="password"
                autoComplete="new-password"
              />
              <FormField
                name="confirmPassword"
                label="Confirm Password"
                type="password"
                autoComplete="new-password"
              />
              <RoleTierFields role={values.role} />
              <DialogFormActions onCancel={onClose} submitLabel="Create User" />
            </Stack>
          </Form>
        )}
      </Formik>
    </AppDialog>
  );
}
