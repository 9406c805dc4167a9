// 'Add player' (issue 29 point 3): the organiser adds a member by username (a walk-in with an
// account), past the deadline and the check-in window, within the cap, and may waive the entry
// fee. A refusal about the member (unknown, already in, their tier, the contest full) is told
// under the Username field; any other in a toast.
import { Button, HStack, Stack } from '@chakra-ui/react';
import { UserPlus } from 'lucide-react';
import { ZAddPlayerForm } from '../../../shared/schemas/roster';
import { errorMessage, errorReason, type ServerFieldRules } from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/useZodForm';
import { CheckboxField } from '../common/CheckboxField';
import { FormField } from '../common/FormField';
import { StackForm } from '../common/StackForm';

const toasts = keyedToasts('addPlayer');

/** Refusals told beside the Username field rather than in a toast. */
const USERNAME_REASONS = ['unknown_user', 'already_joined', 'full', 'tier', 'email_unverified'];

const SERVER_FIELDS: ServerFieldRules = {
  byMessage: {},
  fields: ['username'],
  byReason: Object.fromEntries(USERNAME_REASONS.map((reason) => [reason, 'username'])),
};

interface Values {
  username: string;
  waiveFee: boolean;
}

export function AddPlayerForm({ contestId }: { contestId: number }) {
  const add = trpc.roster.add.useMutation({
    onError: (error) => {
      if (!USERNAME_REASONS.includes(errorReason(error) ?? '')) {
        toasts.error('Player not added', errorMessage(error, 'The player could not be added'));
      }
    },
  });
  const form = useZodForm<Values, unknown>({
    initialValues: { username: '', waiveFee: false },
    schema: ZAddPlayerForm,
    serverFields: SERVER_FIELDS,
    validateOnBlur: false,
    submit: (values) =>
      add.mutateAsync({ contestId, username: values.username.trim(), waiveFee: values.waiveFee }),
    onSuccess: (_player, helpers, values) => {
      toasts.success(
        'Player added',
        `${values.username.trim()} is in${values.waiveFee ? ', the entry fee waived' : ''}.`,
      );
      helpers.resetForm();
    },
  });
  return (
    <StackForm form={form} gap="3">
      {({ isSubmitting }) => (
        // On a wide screen the checkbox and the button line up with the input, not with the
        // error text that may show under it.
        <Stack direction={{ base: 'column', md: 'row' }} align="flex-start" gap="3" maxW="2xl">
          <FormField name="username" label="Username" autoComplete="off" required />
          <HStack flexShrink={0} h={{ md: '10' }} mt={{ md: '6.5' }}>
            <CheckboxField name="waiveFee" label="Waive the entry fee" />
          </HStack>
          <Button
            type="submit"
            colorPalette="purple"
            loading={isSubmitting}
            flexShrink={0}
            mt={{ md: '6.5' }}
          >
            <UserPlus size={16} aria-hidden /> Add player
          </Button>
        </Stack>
      )}
    </StackForm>
  );
}
