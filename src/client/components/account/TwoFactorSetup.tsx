// Turning two-factor sign-in on: a QR code and the secret as text (for an app that cannot scan),
// a code from the app to confirm, then the ten recovery codes, shown this once. Used by Account
// Settings' card and by the screen staff meet when the platform requires it.
import { Box, Button, Code, Heading, HStack, Image, List, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import {
  TWO_FACTOR_MSG,
  ZEnableTwoFactorRequestSchema,
  type TBeginSetupResponse,
} from '../../../shared/schemas/twoFactor';
import { errorMessage } from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/useZodForm';
import { useCopyToClipboard } from '../../lib/useCopyToClipboard';
import { InlineFormActions } from '../common/FormButtons';
import { FormField } from '../common/FormField';
import { StackForm } from '../common/StackForm';
import { toastOutcome } from '../../lib/toastOutcome';

const toasts = keyedToasts('twoFactor');

/** Refusals about the code show beside its field. */
export const CODE_FIELD_RULES = {
  byMessage: {
    [TWO_FACTOR_MSG.codeInvalid]: 'code',
    [TWO_FACTOR_MSG.codeUsed]: 'code',
    [TWO_FACTOR_MSG.passwordIncorrect]: 'password',
  },
  fields: ['code', 'password'],
};

/** The secret in groups of four, as authenticator apps show typed-in keys. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The recovery codes, shown once, with a way to copy them all. */
export function RecoveryCodes({
  codes,
  onDone,
  headingAs = 'h3',
}: {
  codes: string[];
  onDone: () => void;
  /** The level that follows the page's headings (h2 under a page's h1, h3 inside a card). */
  headingAs?: 'h2' | 'h3';
}) {
  const headingId = useId();
  const { copied, copy } = useCopyToClipboard();
  return (
    <Stack gap="3">
      <Heading as={headingAs} size="sm" id={headingId}>
        Your recovery codes
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        Keep these somewhere safe, away from your phone. Each one signs you in once if you lose your
        authenticator app. They are shown only now.
      </Text>
      <List.Root
        aria-labelledby={headingId}
        listStyleType="none"
        display="grid"
        gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }}
        gap="1"
        ps="0"
      >
        {codes.map((code) => (
          <List.Item key={code}>
            <Code fontSize="md" variant="outline">
              {code}
            </Code>
          </List.Item>
        ))}
      </List.Root>
      <HStack gap="2" wrap="wrap">
        <Button variant="outline" onClick={() => void copy(codes.join('\n'))}>
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button colorPalette="purple" onClick={onDone}>
          I have saved my recovery codes
        </Button>
      </HStack>
    </Stack>
  );
}

function ConfirmStep({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TBeginSetupResponse;
  onEnabled: (codes: string[]) => void;
  onCancel?: () => void;
}) {
  const secretId = useId();
  const enable = trpc.twoFactor.enable.useMutation(
    toastOutcome(toasts, {
      success: [
        'Two-factor sign-in turned on',
        'Your other sessions have been signed out. Save your recovery codes now.',
      ],
      failure: TWO_FACTOR_MSG.codeInvalid,
    }),
  );
  const form = useZodForm({
    initialValues: { code: '' },
    schema: ZEnableTwoFactorRequestSchema,
    serverFields: CODE_FIELD_RULES,
    submit: ({ code }) => enable.mutateAsync({ code }),
    onSuccess: (done) => onEnabled(done.recoveryCodes),
  });
  return (
    <Stack gap="4">
      <Text fontSize="sm">
        1. Scan this QR code with an authenticator app (Google Authenticator, Authy, 1Password,
        Aegis...).
      </Text>
      <Box bg="white" p="2" borderRadius="md" alignSelf="flex-start">
        <Image
          src={setup.qrCode}
          width="180px"
          height="180px"
          alt="QR code for your authenticator app. If you cannot scan it, type the secret key shown below into the app."
        />
      </Box>
      <Stack gap="1">
        <Text fontSize="sm" id={secretId}>
          Or type this secret key into the app:
        </Text>
        <Code
          aria-labelledby={secretId}
          data-testid="two-factor-secret"
          fontSize="md"
          variant="outline"
          alignSelf="flex-start"
          wordBreak="break-all"
        >
          {grouped(setup.secret)}
        </Code>
      </Stack>
      <StackForm form={form} gap="3" maxW="sm">
        <FormField
          name="code"
          label="2. Enter the 6-digit code the app shows"
          autoComplete="one-time-code"
          inputMode="numeric"
          spellCheck={false}
        />
        <InlineFormActions submitLabel="Turn on" onCancel={onCancel} />
      </StackForm>
    </Stack>
  );
}

interface Props {
  /** Called after the recovery codes were shown and the person said they saved them. */
  onFinished: () => void;
  headingAs?: 'h2' | 'h3';
}

/** The whole setup: begin (a new secret), confirm with a code, then the recovery codes. */
export function TwoFactorSetup({ onFinished, headingAs }: Props) {
  const begin = trpc.twoFactor.beginSetup.useMutation({
    onError: (error) =>
      toasts.error('Error', errorMessage(error, 'Failed to start two-factor setup')),
  });
  // The codes live only in this component's state: never in a query cache, never stored. The
  // status is read again only once they were seen (onFinished): before, it would swap this out.
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        headingAs={headingAs}
        onDone={() => {
          setCodes(null);
          onFinished();
        }}
      />
    );
  }
  if (!begin.data) {
    return (
      <Button
        colorPalette="purple"
        alignSelf="flex-start"
        loading={begin.isPending}
        onClick={() => begin.mutate()}
      >
        Set up two-factor sign-in
      </Button>
    );
  }
  return <ConfirmStep setup={begin.data} onCancel={() => begin.reset()} onEnabled={setCodes} />;
}
