// The frame of the pages a mailed link or 'Forgot password?' opens: outside the app's layout (a
// visitor may not be signed in), one card with its heading, as the sign-in page looks.
import { Card, Center, Flex, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Link as ChakraLink } from '@chakra-ui/react';
import { ACCOUNT_LINK_MESSAGES as M } from '../../../shared/schemas/accountLinks';
import { errorMessage } from '../../lib/errors';
import { ThemeToggle } from '../common/ThemeToggle';
import { BarePage } from '../layout/BarePage';

export function LinkPageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <BarePage title={title}>
      <Flex justify="flex-end" p="3">
        <ThemeToggle />
      </Flex>
      <Center px="4" pb="12">
        <Card.Root w="full" maxW="md">
          <Card.Body>
            <Stack gap="4">
              <Heading as="h1" size="xl">
                {title}
              </Heading>
              {children}
            </Stack>
          </Card.Body>
        </Card.Root>
      </Center>
    </BarePage>
  );
}

/** A plain text link to another page of the app. */
export function PageLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <ChakraLink asChild color="purple.fg" fontWeight="medium" variant="underline">
      <Link href={href}>{children}</Link>
    </ChakraLink>
  );
}

/** Why the mailed link cannot be used: it has no token, or the server refused it; else null. */
export function linkProblem(token: string, error: unknown): string | null {
  if (!token) return M.tokenRequired;
  return error ? errorMessage(error, M.linkInvalid) : null;
}
