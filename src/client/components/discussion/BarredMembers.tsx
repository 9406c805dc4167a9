// The organiser's list of members barred from this discussion, each with the reason they were
// given and a button that lifts the bar (discussion.bars, discussion.unbar). Nothing shows while
// nobody is barred.
import { Button, HStack, Heading, List, Stack, Text } from '@chakra-ui/react';
import { keyedToasts } from '../../lib/toaster';
import { toastOutcome } from '../../lib/toastOutcome';
import { trpc } from '../../lib/trpc';

const toasts = keyedToasts('unbar');

export function BarredMembers({ contestId }: { contestId: number }) {
  const bars = trpc.discussion.bars.useQuery({ contestId });
  const unbar = trpc.discussion.unbar.useMutation(
    toastOutcome(toasts, {
      success: 'Bar lifted',
      failure: 'The bar could not be lifted',
    }),
  );
  if (!bars.data?.length) return null;
  return (
    <Stack gap="2" mt="3">
      <Heading as="h3" size="xs" id="barred-members-heading">
        Barred from this discussion
      </Heading>
      <List.Root as="ul" gap="2" aria-labelledby="barred-members-heading" listStyle="none">
        {bars.data.map((bar) => (
          <List.Item key={bar.userId}>
            <HStack justify="space-between" gap="3" wrap="wrap">
              <Text fontSize="sm">
                <Text as="span" fontWeight="medium">
                  {bar.username}
                </Text>
                : {bar.reason}
              </Text>
              <Button
                size="xs"
                variant="outline"
                loading={unbar.isPending && unbar.variables?.userId === bar.userId}
                onClick={() => unbar.mutate({ contestId, userId: bar.userId })}
              >
                Lift the bar
                <Text as="span" srOnly>
                  {' '}
                  on {bar.username}
                </Text>
              </Button>
            </HStack>
          </List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}
