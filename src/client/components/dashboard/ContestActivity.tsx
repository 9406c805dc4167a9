// 'Your Contest Activity' on the dashboard (SPEC 2.4, PRODUCT.md): the member's latest
// participations, each linking to its contest, with their rank, score and the contest's state.
import { Card, HStack, Heading, Link as ChakraLink, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import type { TDashboard } from '../../../shared/schemas/stats';
import { ContestPhaseBadge } from '../contests/ContestPhaseBadge';
import { contestDates } from '../contests/contestDisplay';
import { pointsText } from '../leaderboard/leaderboardDisplay';

export function ContestActivity({ data, loading }: { data?: TDashboard; loading: boolean }) {
  const recent = data?.recent ?? [];
  return (
    <Card.Root as="section" aria-labelledby="activity-heading">
      <Card.Header>
        <Heading as="h2" size="md" id="activity-heading">
          Your Contest Activity
        </Heading>
      </Card.Header>
      <Card.Body>
        {loading ? (
          <Skeleton h="16" rounded="md" />
        ) : recent.length === 0 ? (
          <Text color="fg.muted">You haven&apos;t joined any contests yet</Text>
        ) : (
          <Stack as="ul" aria-label="Your recent contests" gap="3" listStyleType="none" m="0" p="0">
            {recent.map((p) => (
              <Stack
                as="li"
                key={p.contestId}
                direction={{ base: 'column', sm: 'row' }}
                justify="space-between"
                gap="2"
                borderBottomWidth="1px"
                pb="3"
              >
                <Stack gap="1" minW="0">
                  <ChakraLink asChild fontWeight="medium" color="fg" variant="underline">
                    <Link href={`/contests/${p.contestId}`}>{p.title}</Link>
                  </ChakraLink>
                  <Text fontSize="sm" color="fg.muted">
                    {contestDates(p)}
                  </Text>
                </Stack>
                <HStack gap="3" wrap="wrap" flexShrink={0}>
                  {/* A bracket contest that has ended reads as its final place, not points. */}
                  {p.place ? (
                    <Text fontSize="sm" fontWeight="semibold">
                      {`${p.place} place of ${p.participants}`}
                    </Text>
                  ) : (
                    <>
                      <Text fontSize="sm">
                        {p.rank ? `Rank ${p.rank} of ${p.participants}` : 'Not ranked yet'}
                      </Text>
                      <Text fontSize="sm" fontWeight="semibold">
                        {pointsText(p.score, p.scoreDecimals)}
                      </Text>
                    </>
                  )}
                  <ContestPhaseBadge contest={p} />
                </HStack>
              </Stack>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
