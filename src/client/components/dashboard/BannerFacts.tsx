// The tier and the entry fee of a carousel banner's contest, read from the server (the banners
// name their contest by slug); nothing while it loads or when that contest is gone.
import { Badge, HStack } from '@chakra-ui/react';
import { trpc } from '../../lib/trpc';
import { tierLabel } from '../contests/contestDisplay';
import { EntryBadge } from '../contests/EntryBadge';

export function BannerFacts({ slug }: { slug: string }) {
  const contest = trpc.contests.get.useQuery({ idOrSlug: slug });
  if (!contest.data) return null;
  // Subtle badges: light on the banner's dark gradient, readable in both themes.
  return (
    <HStack gap="2" mt="2" wrap="wrap">
      <Badge variant="subtle" colorPalette="purple">
        {tierLabel(contest.data.requiredTier)} tier
      </Badge>
      <EntryBadge contest={contest.data} variant="subtle" />
    </HStack>
  );
}
