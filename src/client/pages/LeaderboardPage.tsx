// /leaderboard (SPEC 2.8, PRODUCT.md 'Taking part'): the contests that have a leaderboard, as
// cards; choosing one opens its ranked list, live. The chosen contest is in the address
// (?contest=12), so a reload or a shared link opens it, and 'Back to Contests' returns to the cards.
import {
  Badge,
  Box,
  Button,
  Card,
  Center,
  HStack,
  Heading,
  Link as ChakraLink,
  SimpleGrid,
  Skeleton,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { ArrowLeft, Medal, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import type { TUser } from '../../shared/schemas/auth';
import type { TLeaderboardContest } from '../../shared/schemas/participation';
import { Pager } from '../components/common/Pager';
import { ContestCover } from '../components/contests/ContestCover';
import { ContestEmptyState } from '../components/contests/ContestEmptyState';
import { ContestGrid } from '../components/contests/ContestGrid';
import { ContestStatusBadge } from '../components/contests/ContestStatusBadge';
import { contestDates } from '../components/contests/contestDisplay';
import { LiveLeaderboard } from '../components/leaderboard/LiveLeaderboard';
import { useLiveLeaderboard } from '../components/leaderboard/useLiveLeaderboard';
import { SubmissionBoard } from '../components/submissions/SubmissionBoard';
import { TradingBoard } from '../components/trading/TradingBoard';
import { useTradingContest } from '../components/trading/useTradingContest';
import { PageHeader } from '../components/layout/PageHeader';
import { errorMessage } from '../lib/errors';
import { trpc } from '../lib/trpc';
import { LinkButton, OfTitle } from '../components/common/LinkButton';

const CARDS_PER_PAGE = 12;

/** The contest named in the address, when it is a plausible id. */
function useSelectedContest(): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('contest');
  const id = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const select = (next: number | null) =>
    setParams((prev) => {
      const nextParams = new URLSearchParams(prev);
      if (next === null) nextParams.delete('contest');
      else nextParams.set('contest', String(next));
      return nextParams;
    });
  return [id, select];
}

function LeaderboardCard({ contest }: { contest: TLeaderboardContest }) {
  return (
    <Card.Root as="article" overflow="hidden" h="full">
      <ContestCover src={contest.coverImage} card />
      <Card.Body gap="3">
        <HStack justify="space-between" align="flex-start" gap="2">
          <Heading as="h2" size="md" overflowWrap="anywhere">
            {contest.title}
          </Heading>
          <ContestStatusBadge status={contest.status} />
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {contestDates(contest)}
        </Text>
        <HStack gap="4" wrap="wrap" fontSize="sm">
          <HStack gap="1.5" color="fg.muted">
            <Users size={16} aria-hidden />
            <Text>
              {contest.participants} {contest.participants === 1 ? 'participant' : 'participants'}
            </Text>
          </HStack>
          {contest.myRank ? (
            <Badge colorPalette="purple" variant="subtle">
              <Medal size={14} aria-hidden /> Your rank: {contest.myRank}
            </Badge>
          ) : null}
        </HStack>
      </Card.Body>
      <Card.Footer>
        <LinkButton
          href={`/leaderboard?contest=${contest.id}`}
          colorPalette="purple"
          size="sm"
          w="full"
        >
          View Leaderboard
          <OfTitle title={contest.title} />
        </LinkButton>
      </Card.Footer>
    </Card.Root>
  );
}

function ContestCards() {
  const [page, setPage] = useState(1);
  const list = trpc.leaderboard.contests.useQuery(
    { page, pageSize: CARDS_PER_PAGE },
    { refetchOnMount: 'always', placeholderData: (previous) => previous },
  );
  if (list.isLoading) {
    return (
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="6" aria-hidden>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h="72" rounded="lg" />
        ))}
      </SimpleGrid>
    );
  }
  if (!list.data) {
    return (
      <Text color="fg.muted">
        {errorMessage(list.error, 'The leaderboards could not be loaded.')}
      </Text>
    );
  }
  if (list.data.total === 0) {
    return (
      <ContestEmptyState
        title="No Leaderboards Yet"
        description="A contest's leaderboard appears here once members have joined it."
        action={
          <Button asChild colorPalette="purple">
            <Link href="/contests">Explore Contests</Link>
          </Button>
        }
      />
    );
  }
  return (
    <>
      <ContestGrid
        layout="grid"
        label="Contests with a leaderboard"
        items={list.data.items}
        itemKey={(c) => c.id}
        render={(c) => <LeaderboardCard contest={c} />}
      />
      {list.data.total > CARDS_PER_PAGE ? (
        <Pager page={page} pageSize={CARDS_PER_PAGE} total={list.data.total} onPage={setPage} />
      ) : null}
    </>
  );
}

/** The public board of a running submission contest, refreshed as files are scored. */
function RunningSubmissionBoard({ contestId }: { contestId: number }) {
  useLiveLeaderboard(contestId);
  return <SubmissionBoard contestId={contestId} published={false} organiser={false} />;
}

function SelectedLeaderboard({
  contestId,
  user,
  onBack,
}: {
  contestId: number;
  user: TUser;
  onBack: () => void;
}) {
  const contest = trpc.contests.get.useQuery({ idOrSlug: String(contestId) });
  const { trading, pending: tradingPending } = useTradingContest(contest.data);
  const back = (
    <Button variant="ghost" size="sm" ms="-2" alignSelf="flex-start" onClick={onBack}>
      <ArrowLeft size={16} aria-hidden /> Back to Contests
    </Button>
  );
  if (contest.isLoading || tradingPending) {
    return (
      <Center py="16">
        <Spinner size="lg" aria-label="Loading leaderboard" />
      </Center>
    );
  }
  const unavailable = (message: string) => (
    <ContestEmptyState title="Leaderboard Not Found" description={message} />
  );
  if (!contest.data) {
    return (
      <Stack gap="4">
        {back}
        {unavailable(errorMessage(contest.error, 'This leaderboard could not be loaded.'))}
      </Stack>
    );
  }
  const title = contest.data.title;
  const heading = (
    <Stack gap="0.5" minW="0">
      <Heading as="h2" size="lg" overflowWrap="anywhere">
        {title}
      </Heading>
      <ChakraLink asChild fontSize="sm" color="purple.fg" variant="underline">
        <Link href={`/contests/${contestId}`}>View contest</Link>
      </ChakraLink>
    </Stack>
  );
  // A running submission contest's standings are its public board, with scores; its places
  // (the generic leaderboard) exist once the private board is published.
  if (contest.data.format === 'submission' && contest.data.status !== 'completed') {
    return (
      <Stack gap="4">
        {back}
        {heading}
        <RunningSubmissionBoard contestId={contestId} />
      </Stack>
    );
  }
  // A trading contest's leaderboard is its board of statements' figures (issue 34).
  if (trading) {
    return (
      <Stack gap="4">
        {back}
        <TradingBoard contestId={contestId} label={`Trading board of ${title}`} heading={heading} />
      </Stack>
    );
  }
  return (
    <Stack gap="4">
      {back}
      <LiveLeaderboard
        key={contestId}
        contestId={contestId}
        viewer={user}
        label={`Leaderboard of ${title}`}
        paginate
        heading={heading}
        onUnavailable={unavailable}
      />
    </Stack>
  );
}

export function LeaderboardPage({ user }: { user: TUser }) {
  const [selected, select] = useSelectedContest();
  return (
    <Box>
      <PageHeader title="Leaderboards" subtitle="See who leads each contest, live" />
      {selected === null ? (
        <ContestCards />
      ) : (
        <SelectedLeaderboard contestId={selected} user={user} onBack={() => select(null)} />
      )}
    </Box>
  );
}
