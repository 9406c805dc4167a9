// The dashboard's 'My next match' (tournaments.nextMatch): shown only when the member has one.
import { trpc } from '../../lib/trpc';
import { NextMatchCard } from './NextMatchCard';

export function DashboardNextMatch() {
  // Read again on every visit: results elsewhere change which match is next.
  const next = trpc.tournaments.nextMatch.useQuery(undefined, { refetchOnMount: 'always' });
  if (!next.data) return null;
  return <NextMatchCard next={next.data} showContest />;
}
