// The frame of a step a signed-in person must take before anything else (choose their own
// password, set up two-factor sign-in): a card with the step's heading, why, the step itself,
// and a way out (Log out).
import { Button, Card, Center, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useLogout } from '../../lib/auth';
import { BarePage } from '../layout/BarePage';

interface Props {
  title: string;
  /** Why the step is asked for. */
  reason: ReactNode;
  maxW: 'md' | 'lg';
  gap: '3' | '4';
  children: ReactNode;
}

export function RequiredStepPage({ title, reason, maxW, gap, children }: Props) {
  const logout = useLogout();
  return (
    <BarePage title={title}>
      <Center px="4" py="12">
        <Card.Root w="full" maxW={maxW}>
          <Card.Body>
            <Stack gap={gap}>
              <Heading as="h1" size="xl">
                {title}
              </Heading>
              <Text color="fg.muted">{reason}</Text>
              {children}
              <Button
                variant="ghost"
                alignSelf="flex-start"
                onClick={() => logout.mutate()}
                loading={logout.isPending}
              >
                Log out
              </Button>
            </Stack>
          </Card.Body>
        </Card.Root>
      </Center>
    </BarePage>
  );
}
