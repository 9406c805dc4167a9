// A ranked list (SPEC 2.8): rank with the trophies of 1 to 3, avatar, username, tier and score in
// 'pts' with the contest's decimals. Members without a score yet follow the ranked, '-' for rank
// and score. The viewer's own row is highlighted (aria-current), and when it is on another page
// it follows the list as 'Your rank'. Rows wrap instead of scrolling sideways on a phone. A
// bracket contest's final board shows places ('1st', '3rd-4th') under a 'Place' header instead.
import { Badge, Box, Flex, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { TIER_LABELS, type Tier } from '../../../shared/constants';
import type { TUser } from '../../../shared/schemas/auth';
import type { TLeaderboard } from '../../../shared/schemas/participation';
import { UserAvatar } from '../common/UserAvatar';
import { DqBadge } from '../common/DqBadge';
import { isOwnEntry, ownPlaceOutside, pointsText } from './leaderboardDisplay';
import { RankBadge } from './RankBadge';

interface RowData {
  rank: number | null;
  username: string;
  score: number | null;
  tier: Tier | null;
  profileImage: string | null;
  /** Team mode: a registered team's row shows the team's name (no tier: it has none). */
  teamName?: string | null;
  /** A board of places: the place in words, shown instead of the score. */
  place?: string | null;
  /** Disqualified by an organiser: marked 'DQ'. */
  disqualified?: boolean;
}

export type Viewer = Pick<TUser, 'id' | 'username' | 'profileImage' | 'subscriptionTier'>;

function Row({
  row,
  own,
  decimals,
  as = 'li',
}: {
  row: RowData;
  own: boolean;
  decimals: number;
  as?: 'li' | 'div';
}) {
  return (
    <Flex
      as={as}
      aria-current={own ? 'true' : undefined}
      align="center"
      wrap="wrap"
      columnGap="3"
      rowGap="1"
      px="3"
      py="2"
      borderWidth="1px"
      rounded="md"
      bg={own ? 'purple.subtle' : undefined}
      borderColor={own ? 'purple.emphasized' : undefined}
    >
      <Box w="12" flexShrink={0}>
        <RankBadge rank={row.rank} />
      </Box>
      <UserAvatar
        name={row.teamName ?? row.username}
        src={row.teamName ? null : row.profileImage}
        size="sm"
      />
      <HStack flex="1" minW="0" gap="2" wrap="wrap">
        <Text fontWeight="medium" overflowWrap="anywhere">
          {row.teamName ?? row.username}
        </Text>
        {row.teamName ? <Badge variant="outline">Team</Badge> : null}
        <DqBadge disqualified={row.disqualified} />
        {own ? (
          <Badge colorPalette="purple" variant="solid">
            {row.teamName ? 'Your team' : 'You'}
          </Badge>
        ) : null}
        {row.tier && !row.teamName ? (
          <Badge variant="outline" colorPalette="purple">
            {TIER_LABELS[row.tier]}
          </Badge>
        ) : null}
      </HStack>
      <Text fontWeight="semibold" ms="auto" flexShrink={0}>
        {row.place ? (
          row.place
        ) : row.score === null ? (
          <>
            <span aria-hidden>-</span>
            <VisuallyHidden>No score yet</VisuallyHidden>
          </>
        ) : (
          pointsText(row.score, decimals)
        )}
      </Text>
    </Flex>
  );
}

export function LeaderboardList({
  board,
  viewer,
  label,
}: {
  board: TLeaderboard;
  viewer: Viewer;
  /** Names the list for screen readers ('Leaderboard of Candle Games'). */
  label: string;
}) {
  const outside = ownPlaceOutside(board, viewer.id);
  return (
    <Stack gap="3">
      {board.entries.length === 0 ? (
        <Text color="fg.muted">No one has joined this contest yet.</Text>
      ) : (
        <Stack gap="1">
          {/* The columns' names: what the number on the right is (a place or a score). */}
          <Flex px="3" justify="space-between" fontSize="sm" color="fg.muted" fontWeight="medium">
            <Text as="span">Rank</Text>
            <Text as="span">{board.ranksBy === 'place' ? 'Place' : 'Score'}</Text>
          </Flex>
          <Stack as="ol" aria-label={label} gap="2" listStyleType="none" m="0" p="0">
            {board.entries.map((entry) => (
              <Row
                key={entry.userId}
                row={entry}
                own={isOwnEntry(entry, board.me, viewer.id)}
                decimals={board.scoreDecimals}
              />
            ))}
          </Stack>
        </Stack>
      )}
      {outside ? (
        <Stack as="section" aria-label="Your rank" gap="1">
          <Text fontSize="sm" fontWeight="semibold" color="fg.muted">
            Your rank
          </Text>
          <Row
            as="div"
            own
            decimals={board.scoreDecimals}
            row={{
              rank: outside.rank,
              score: outside.score,
              username: viewer.username,
              profileImage: viewer.profileImage,
              tier: viewer.subscriptionTier,
              place: outside.place,
            }}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
