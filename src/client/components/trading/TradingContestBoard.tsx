// The contest page's leaderboard card for a trading contest: the trading board, live, and the
// link to /leaderboard where it shows the same.
import { Button, Card, Heading } from '@chakra-ui/react';
import { Link } from 'wouter';
import type { TContest } from '../../../shared/schemas/contests';
import { TradingBoard } from './TradingBoard';

export function TradingContestBoard({ contest }: { contest: TContest }) {
  return (
    <Card.Root as="section" aria-labelledby="contest-leaderboard-heading">
      <Card.Body gap="4">
        <TradingBoard
          contestId={contest.id}
          label={`Trading board of ${contest.title}`}
          heading={
            <Heading as="h2" size="md" id="contest-leaderboard-heading">
              Leaderboard
            </Heading>
          }
        />
        <Button asChild variant="outline" size="sm" alignSelf="flex-start">
          <Link href={`/leaderboard?contest=${contest.id}`}>View full leaderboard</Link>
        </Button>
      </Card.Body>
    </Card.Root>
  );
}
