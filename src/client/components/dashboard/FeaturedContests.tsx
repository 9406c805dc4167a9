// The dashboard's Featured Contests grid (SPEC 2.4): featured and active contests from the server.
import { Heading, Skeleton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { trpc } from '../../lib/trpc';
import { ContestCard } from '../contests/ContestCard';
import { ContestGrid } from '../contests/ContestGrid';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';

const SHOWN = 6;

export function FeaturedContests() {
  const list = trpc.contests.list.useQuery({ tab: 'featured', page: 1, pageSize: SHOWN });
  useLoadErrorToast(list.error, 'Failed to load contests', 'Failed to load contests');
  const items = list.data?.items ?? [];
  return (
    <Stack as="section" aria-labelledby="featured-contests-heading" gap="4" mb="8">
      <Heading as="h2" size="lg" id="featured-contests-heading">
        Featured Contests
      </Heading>
      {list.isLoading ? (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="6" aria-hidden>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h="80" rounded="lg" />
          ))}
        </SimpleGrid>
      ) : items.length === 0 ? (
        <Text color="fg.muted">No featured contests right now. Explore all contests instead.</Text>
      ) : (
        <ContestGrid
          layout="grid"
          label="Featured contests"
          items={items}
          itemKey={(c) => c.id}
          render={(c) => <ContestCard contest={c} />}
        />
      )}
    </Stack>
  );
}
