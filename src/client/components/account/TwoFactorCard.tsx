// Account Settings' two-factor sign-in: turn it on (components/account/TwoFactorSetup.tsx), see
// how many recovery codes are left, get new ones, or turn it off with the password and a code.
import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import {
  ZDisableTwoFactorRequestSchema,
  ZRegenerateRecoveryCodesRequestSchema,
  type TTwoFactorStatus,
} from '../../../shared/schemas/twoFactor';
import { useMarkStale } from '../../lib/invalidation';
import { formatDateTime } from '../../lib/relativeTime';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/useZodForm';
import { InlineFormActions } from '../common/FormButtons';
import { FormField } from '../common/FormField';
import { CODE_FIELD_RULES, RecoveryCodes, TwoFactorSetup } from './TwoFactorSetup';
import { QueryLines } from '../common/LoadLines';
import { StackForm } from '../common/StackForm';
import { toastOutcome } from '../../lib/toastOutcome';

const toasts = keyedToasts('twoFactor');
const CODE_LABEL = 'Code from your app, or a recovery code';

function NewRecoveryCodes({ onClose }: { onClose: () => void }) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const regenerate = trpc.twoFactor.regenerateRecoveryCodes.useMutation(
    toastOutcome(toasts, {
      success: ['New recovery codes created', 'Your old recovery codes no longer work.'],
      failure: 'Failed to create new recovery codes',
    }),
  );
  const form = useZodForm({
    initialValues: { code: '' },
    schema: ZRegenerateRecoveryCodesRequestSchema,
    serverFields: CODE_FIELD_RULES,
    submit: (values) => regenerate.mutateAsync(values),
    onSuccess: (done) => setCodes(done.recoveryCodes),
  });
  if (codes) return <RecoveryCodes codes={codes} onDone={onClose} />;
  return (
    <StackForm form={form} gap="3" maxW="sm">
      <Text fontSize="sm" color="fg.muted">
        New codes replace every recovery code you have now.
      </Text>
      <FormField name="code" label={CODE_LABEL} autoComplete="one-time-code" />
      <InlineFormActions submitLabel="Create new codes" onCancel={onClose} />
    </StackForm>
  );
}

function TurnOff({ onClose }: { onClose: () => void }) {
  const disable = trpc.twoFactor.disable.useMutation(
    toastOutcome(toasts, {
      success: [
        'Two-factor sign-in turned off',
        'Your password alone signs you in again. Your other sessions have been signed out.',
      ],
      failure: 'Failed to turn off two-factor sign-in',
    }),
  );
  const form = useZodForm({
    initialValues: { password: '', code: '' },
    schema: ZDisableTwoFactorRequestSchema,
    serverFields: CODE_FIELD_RULES,
    submit: (values) => disable.mutateAsync(values),
    onSuccess: onClose,
  });
  return (
    <StackForm form={form} gap="3" maxW="sm">
      <FormField
        name="password"
        label="Your password"
        type="password"
        autoComplete="current-password"
      />
      <FormField name="code" label={CODE_LABEL} autoComplete="one-time-code" />
      <InlineFormActions
        submitLabel="Turn off two-factor sign-in"
        colorPalette="red"
        onCancel={onClose}
      />
    </StackForm>
  );
}

function Enabled({ status }: { status: TTwoFactorStatus }) {
  const [open, setOpen] = useState<'codes' | 'off' | null>(null);
  return (
    <Stack gap="3">
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette="green" variant="subtle">
          On
        </Badge>
        <Text fontSize="sm" color="fg.muted">
          {status.enabledAt ? `Since ${formatDateTime(status.enabledAt)}. ` : ''}
          {status.recoveryCodesLeft === 1
            ? '1 recovery code left.'
            : `${status.recoveryCodesLeft} recovery codes left.`}
        </Text>
      </HStack>
      {status.requiredForRole ? (
        <Text fontSize="sm" color="fg.muted">
          The platform requires it for your role: turned off, you will be asked to set it up again.
        </Text>
      ) : null}
      {open === 'codes' ? <NewRecoveryCodes onClose={() => setOpen(null)} /> : null}
      {open === 'off' ? <TurnOff onClose={() => setOpen(null)} /> : null}
      {open ? null : (
        <HStack gap="2" wrap="wrap">
          <Button variant="outline" onClick={() => setOpen('codes')}>
            New recovery codes
          </Button>
          <Button variant="outline" colorPalette="red" onClick={() => setOpen('off')}>
            Turn off
          </Button>
        </HStack>
      )}
    </Stack>
  );
}

export function TwoFactorCard() {
  const markStale = useMarkStale();
  const status = trpc.twoFactor.status.useQuery(undefined, { staleTime: 0 });
  return (
    <QueryLines query={status} loading="Loading..." failure="Failed to load two-factor sign-in">
      {(data) =>
        data.enabled ? (
          <Enabled status={data} />
        ) : (
          <Stack gap="3">
            <Text fontSize="sm" color="fg.muted">
              After your password, signing in will also ask for a code from an authenticator app on
              your phone, so a stolen password alone cannot get into your account.
            </Text>
            <TwoFactorSetup onFinished={() => markStale('twoFactor.enable')} />
          </Stack>
        )
      }
    </QueryLines>
  );
}
