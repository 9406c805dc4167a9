// 'Update User': role and subscription with SPEC 4's rules (admin -> no tier; send the tier
// only when it changed; nothing changed -> just close).
import { Stack } from '@chakra-ui/react';
import { normalizeTier, type Role, type Tier } from '../../../../shared/constants';
import { ZUpdateUserRequestSchema } from '../../../../shared/schemas/adminUsers';
import type { TUser } from '../../../../shared/schemas/auth';
import { keyedToasts } from '../../../lib/toaster';
import { toastOutcome } from '../../../lib/toastOutcome';
import { trpc } from '../../../lib/trpc';
import type { ZodFormOptions } from '../../../lib/useZodForm';
import { DialogFormActions } from '../../common/FormButtons';
import { RowFormDialog } from '../../common/RowFormDialog';
import { RoleTierFields } from './RoleTierFields';

const toasts = keyedToasts('updateUser');

/** The dialog's fields: the request's, less the id (the row's). */
const ZUpdateUserForm = ZUpdateUserRequestSchema.omit({ id: true });

interface Values {
  role: string;
  subscriptionTier: string;
}

/** What to send: only what changed (an admin has no tier), or nothing. */
function changesOf(user: TUser, values: Values) {
  const initialTier = normalizeTier(user.subscriptionTier);
  const role = values.role as Role;
  const tier = values.subscriptionTier as Tier;
  const input: { id: number; role?: Role; subscriptionTier?: Tier | null } = { id: user.id };
  if (role !== user.role) input.role = role;
  if (role === 'admin') {
    if (user.subscriptionTier !== null) input.subscriptionTier = null;
  } else if (tier !== initialTier || user.subscriptionTier === null) {
    input.subscriptionTier = tier;
  }
  return input.role === undefined && input.subscriptionTier === undefined ? null : input;
}

export function UpdateUserDialog({ user, onClose }: { user: TUser | null; onClose: () => void }) {
  const update = trpc.adminUsers.update.useMutation(
    toastOutcome(toasts, {
      success: 'User updated successfully',
      failure: 'Failed to update user',
      then: onClose,
    }),
  );
  const updateForm = (user: TUser): ZodFormOptions<Values, unknown> => ({
    initialValues: {
      role: user.role as string,
      subscriptionTier: normalizeTier(user.subscriptionTier) as string,
    },
    schema: ZUpdateUserForm,
    submit: async (values) => {
      const input = changesOf(user, values);
      if (!input) {
        onClose();
        return null;
      }
      return update.mutateAsync(input);
    },
  });
  return (
    <RowFormDialog row={user} title="Update User" onClose={onClose} form={updateForm}>
      {(_user, { values }) => (
        <Stack gap="4">
          <RoleTierFields role={values.role} />
          <DialogFormActions onCancel={onClose} submitLabel="Save Changes" />
        </Stack>
      )}
    </RowFormDialog>
  );
}
