// The collapsible Change Password form: closes and resets on success (SPEC 2.11, 4).
import { ChangePasswordForm } from './ChangePasswordForm';
import { PasswordToggle } from './PasswordToggle';

export function ChangePasswordPanel() {
  return (
    <PasswordToggle label="Change Password" cancelLabel="Cancel Password Change">
      {(close) => <ChangePasswordForm onChanged={close} />}
    </PasswordToggle>
  );
}
