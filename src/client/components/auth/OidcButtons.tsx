// 'Continue with <provider>' on the sign-in and register tabs: one per OpenID provider the server
// has configured and reached (PRODUCT.md: no dead buttons). Each is a link to the server's start
// address, which sends the browser on to the provider.
import { Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { RETURN_PARAM, safeReturnPath } from '../../../shared/returnPath';
import { trpc } from '../../lib/trpc';

/** The server's start address for a provider (http/oidc.ts); `link` from Account Settings. */
export function oidcStartPath(provider: string, link = false): string {
  return `/api/auth/oidc/${encodeURIComponent(provider)}/start${link ? '?link=1' : ''}`;
}

/** The start address of a sign-in that returns to the page /auth was opened for, if any. */
function oidcSignInPath(provider: string): string {
  const next = safeReturnPath(new URLSearchParams(window.location.search).get(RETURN_PARAM));
  const start = oidcStartPath(provider);
  return next ? `${start}?${RETURN_PARAM}=${encodeURIComponent(next)}` : start;
}

export function OidcButtons() {
  const providers = trpc.oidc.providers.useQuery(undefined, { staleTime: Infinity });
  if (!providers.data?.length) return null;
  return (
    <Stack gap="3" mt="6">
      <HStack gap="3" aria-hidden>
        <Separator flex="1" />
        <Text fontSize="sm" color="fg.muted">
          or
        </Text>
        <Separator flex="1" />
      </HStack>
      {providers.data.map((provider) => (
        <Button key={provider.id} asChild variant="outline">
          <a href={oidcSignInPath(provider.id)}>Continue with {provider.label}</a>
        </Button>
      ))}
    </Stack>
  );
}
