// The contest page's leaderboard: the top 10 with the viewer's own place, live, and a link to
// the whole list on /leaderboard.
import { Button, Card, Heading, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import type { TUser } from '../../../shared/schemas/auth';
import type { TContest } from '../../../shared/schemas/contests';
import { LiveLeaderboard } from './LiveLeaderboard';

export function ContestLeaderboard({ contest, user }: { contest: TContest; user: TUser }) {
  return (
    <Card.Root as="section" aria-labelledby="contest-leaderboard-heading">
      <Card.Body gap="4">
        <LiveLeaderboard
          contestId={contest.id}
          viewer={user}
          label={`Top of the leaderboard of ${contest.title}`}
          heading={
            <Heading as="h2" size="md" id="contest-leaderboard-heading">
              Leaderboard
            </Heading>
          }
          onUnavailable={(message) => <Text color="fg.muted">{message}</Text>}
        />
        <Button asChild variant="outline" size="sm" alignSelf="flex-start">
          <Link href={`/leaderboard?contest=${contest.id}`}>View full leaderboard</Link>
        </Button>
      </Card.Body>
    </Card.Root>
  );
}
