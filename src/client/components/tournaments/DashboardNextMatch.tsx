// The dashboard's 'My next match' (tournaments.nextMatch): shown only when the member has one.
// Live like the contest page: the bracket of the match shown says when a result lands (it may
// end the member's run or make the match wait), and a new match ready anywhere comes as the
// member's own notification, whose news makes the bell read tournaments.nextMatch again.
import { trpc } from '../../lib/trpc';
import { NextMatchCard } from './NextMatchCard';
import { useLiveBracket } from './useLiveBracket';

export function DashboardNextMatch() {
  // Read again on every visit: results elsewhere change which match is next.
  const next = trpc.tournaments.nextMatch.useQuery(undefined, { refetchOnMount: 'always' });
  useLiveBracket(next.data?.contestId ?? 0, next.data !== undefined && next.data !== null);
  if (!next.data) return null;
  return <NextMatchCard next={next.data} showContest />;
}
