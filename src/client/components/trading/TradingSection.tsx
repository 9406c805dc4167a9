// A trading contest on its page (issue 34): the trader's statement panel and, for the organiser
// (creator, moderators, admins), the review of every trader's latest statement. The board is the
// contest's leaderboard (ContestLeaderboard chooses it); the rules are their own section.
import { Stack } from '@chakra-ui/react';
import { isOrganiser } from '../../../shared/contests';
import type { TUser } from '../../../shared/schemas/auth';
import type { TContest } from '../../../shared/schemas/contests';
import { StatementReviewList } from './StatementReviewList';
import { TraderPanel } from './TraderPanel';

export function TradingSection({ contest, user }: { contest: TContest; user: TUser }) {
  const published = contest.status === 'active' || contest.status === 'completed';
  if (!published) return null;
  return (
    <Stack gap="6">
      <TraderPanel contestId={contest.id} />
      {isOrganiser(contest, user) ? <StatementReviewList contestId={contest.id} /> : null}
    </Stack>
  );
}
