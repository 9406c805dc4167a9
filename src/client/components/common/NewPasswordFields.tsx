// A new password, its strength hint and its confirmation: the same three lines in every form
// that sets a password (change it, set a first one, reset it from a link).
import { Stack } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import { FormField } from './FormField';
import { PasswordStrength } from './PasswordStrength';

interface Props {
  /** The form's field for the new password. */
  name: string;
  /** What the password should not resemble (the username, the e-mail, the old password). */
  userInputs: readonly (string | undefined | null)[];
}

export function NewPasswordFields({ name, userInputs }: Props) {
  const { values } = useFormikContext<Record<string, unknown>>();
  const password = values[name];
  return (
    <>
      <Stack gap="2">
        <FormField name={name} label="New Password" type="password" autoComplete="new-password" />
        <PasswordStrength
          password={typeof password === 'string' ? password : ''}
          userInputs={userInputs}
        />
      </Stack>
      <FormField
        name="confirmPassword"
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
