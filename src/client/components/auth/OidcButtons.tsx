// 'Continue with <provider>' on the sign-in and register tabs: one per OpenID provider the server
// has configured and reached (PRODUCT.md: no dead buttons). Each is a link to the server's start
// address, which sends the browser on to the provider.
import { Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { trpc } from '../../lib/trpc';

/** The server's start address for a provider (http/oidc.ts); `link` from Account Settings. */
export function oidcStartPath(provider: string, link = false): string {
  return `/api/auth/oidc/${encodeURIComponent(provider)}/start${link ? '?link=1' : ''}`;
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
          <a href={oidcStartPath(provider.id)}>Continue with {provider.label}</a>
        </Button>
      ))}
    </Stack>
  );
}
