// Account Settings' 'Sign-in methods': the password and each OpenID provider, linked or not, with
// Link and Unlink (never the last way in: the server refuses it, and the button says why first).
// Also the outcome of a link on the way back from the provider (?linked=, ?oidc=error).
import { Alert, Badge, Box, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useId } from 'react';
import { useSearchParams } from 'wouter';
import type { TSignInMethods } from '../../../shared/schemas/oidc';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/relativeTime';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { oidcStartPath } from '../auth/OidcButtons';
import { SettingsListRow } from './SettingsListRow';
import { QueryLines } from '../common/LoadLines';

const toasts = keyedToasts('sign-in-methods');

type Provider = TSignInMethods['providers'][number];

function ProviderRow({
  provider,
  onlyWayIn,
  onUnlink,
  unlinking,
}: {
  provider: Provider;
  onlyWayIn: boolean;
  onUnlink: () => void;
  unlinking: boolean;
}) {
  const detailsId = useId();
  const { linked } = provider;
  return (
    <SettingsListRow>
      <Box minW="0">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="medium">{provider.label}</Text>
          {linked ? (
            <Badge colorPalette="green" variant="subtle">
              Linked
            </Badge>
          ) : null}
        </HStack>
        <Text id={detailsId} fontSize="sm" color="fg.muted" wordBreak="break-word">
          {linked
            ? `${linked.email ? `As ${linked.email}, l` : 'L'}inked ${formatDateTime(linked.linkedAt)}`
            : provider.available
              ? 'Not linked'
              : 'Not linked · unavailable right now'}
          {linked && onlyWayIn
            ? ' · your only way to sign in: set a password or link another provider before unlinking it'
            : ''}
        </Text>
      </Box>
      {linked ? (
        <Button
          size="sm"
          variant="outline"
          flexShrink={0}
          aria-label={`Unlink ${provider.label}`}
          aria-describedby={detailsId}
          disabled={onlyWayIn}
          loading={unlinking}
          onClick={onUnlink}
        >
          Unlink
        </Button>
      ) : provider.available ? (
        <Button asChild size="sm" variant="outline" flexShrink={0}>
          <a
            href={oidcStartPath(provider.id, true)}
            aria-label={`Link ${provider.label}`}
            aria-describedby={detailsId}
          >
            Link
          </a>
        </Button>
      ) : null}
    </SettingsListRow>
  );
}

/** ?linked=<id> after a link, ?oidc=error after a refused one: said once, then the address is tidied. */
function useLinkOutcome(methods: TSignInMethods | undefined) {
  const [params, setParams] = useSearchParams();
  // The address keeps its other parameters, and the history no step for the one dropped.
  const dropParam = useCallback(
    (name: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const linked = params.get('linked');
  const refused = params.get('oidc') === 'error';
  const flow = trpc.oidc.flow.useQuery(undefined, { enabled: refused, staleTime: 0 });
  useEffect(() => {
    if (!linked || !methods) return;
    const label = methods.providers.find((p) => p.id === linked)?.label ?? linked;
    toasts.success(`Linked ${label}`, `You can now sign in with ${label}.`);
    dropParam('linked');
  }, [linked, methods, dropParam]);
  const cancel = trpc.oidc.cancel.useMutation({ onSettled: () => dropParam('oidc') });
  const error = refused && flow.data?.kind === 'error' ? flow.data.message : null;
  return { error, dismiss: () => cancel.mutate() };
}

export function SignInMethodsCard() {
  const headingId = useId();
  const methods = trpc.oidc.methods.useQuery(undefined, { staleTime: 0 });
  const outcome = useLinkOutcome(methods.data);
  const unlink = trpc.oidc.unlink.useMutation({
    onSuccess: (_data, { provider }) => {
      const label = methods.data?.providers.find((p) => p.id === provider)?.label ?? provider;
      toasts.success(`Unlinked ${label}`, `${label} no longer signs you in.`);
    },
    onError: (error) => toasts.error('Error', errorMessage(error, 'Failed to unlink')),
  });

  // Nothing configured and nothing linked: no card at all.
  if (methods.isSuccess && methods.data.providers.length === 0) return null;
  const data = methods.data;
  const linkedCount = data?.providers.filter((p) => p.linked).length ?? 0;
  const onlyWayIn = data ? !data.hasPassword && linkedCount === 1 : false;

  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="md" id={headingId}>
          Sign-in methods
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3" minW="0">
          {outcome.error ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>The provider was not linked</Alert.Title>
                <Alert.Description>{outcome.error}</Alert.Description>
              </Alert.Content>
              <Button size="sm" variant="outline" onClick={outcome.dismiss}>
                Dismiss
              </Button>
            </Alert.Root>
          ) : null}
          <QueryLines
            query={methods}
            loading="Loading sign-in methods..."
            failure="Failed to load your sign-in methods"
          >
            {(known) => (
              <>
                <Text fontSize="sm" color="fg.muted">
                  {known.hasPassword
                    ? 'You can sign in with your password or with any provider linked here.'
                    : 'Your account has no password yet: you sign in with a linked provider. Set a password under Security to have another way in.'}
                </Text>
                <Stack as="ul" aria-labelledby={headingId} gap="0" listStyleType="none" m="0" p="0">
                  {known.providers.map((provider) => (
                    <ProviderRow
                      key={provider.id}
                      provider={provider}
                      onlyWayIn={onlyWayIn && provider.linked !== null}
                      unlinking={unlink.isPending && unlink.variables?.provider === provider.id}
                      onUnlink={() => unlink.mutate({ provider: provider.id })}
                    />
                  ))}
                </Stack>
              </>
            )}
          </QueryLines>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
