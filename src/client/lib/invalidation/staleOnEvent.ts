// What a live stream's event makes stale, declared once per stream: the stream says another
// person's (or another tab's) change happened, and the screens that show it read it again.
// Applied by useStaleOnEvent (lib/invalidation/index.ts) in each stream's onData.
import type { QueryPath, SubscriptionPath } from './paths';

/** A query, or only its answers for the stream's contest (the stream's input `contestId`). */
export type EventStale = QueryPath | { path: QueryPath; ofContest: true };

export const staleOnEvent: Partial<Record<SubscriptionPath, readonly EventStale[]>> = {
  // One of the member's proofs was sent, verified or rejected: the join panel, the team panel of
  // a captain who paid for the team, /payment and Account Settings > Payments; a verified fee
  // admits the member or registers the team (the contest's figures, its teams and the
  // dashboard change).
  'payments.onChange': [
    'participation.status',
    'teams.mine',
    'teams.get',
    'teams.list',
    'payments.options',
    'payments.myProofs',
    'payments.tiers',
    'contests.get',
    'me',
    // A verified upgrade changes the plan: its banner and Account Settings > Subscription.
    'subscriptions',
  ],
  // The member's notifications changed: the bell's count and latest few, /notifications,
  // 'My next match' (news of their own matches), and their prizes and certificates (results
  // confirmed, a payout line approved, sent or failed: issue 30).
  'notifications.onChange': [
    'notifications.unreadCount',
    'notifications.list',
    'tournaments.nextMatch',
    'results.get',
    'payouts.list',
    'certificates.mine',
    // A plan reminder, switch, drop or staff change (issue 33) comes with a notice.
    'subscriptions',
  ],
  // A contest's scores changed: its leaderboard's pages and the leaderboard's contest list, and
  // its results' standings while they are open.
  'leaderboard.onChange': [
    { path: 'leaderboard.get', ofContest: true },
    'leaderboard.contests',
    { path: 'results.get', ofContest: true },
    // Submission contests (issue 31): a submission scored, all re-scored, the board published.
    { path: 'submissions.list', ofContest: true },
    { path: 'submissions.evaluation', ofContest: true },
    { path: 'submissions.board', ofContest: true },
    // Trading contests (issue 34): a statement uploaded or reviewed, the rules or dates changed.
    { path: 'trading.board', ofContest: true },
    { path: 'trading.statements', ofContest: true },
  ],
  // A contest's bracket changed (a result, a confirmation, a regeneration): the bracket,
  // standings, matches and next match; placement writes the leaderboard, and the final match
  // completes the contest (its page's badge, Join and Leave, and its results' standings and
  // what blocks them).
  'tournaments.bracketChanges': [
    'tournaments',
    { path: 'leaderboard.get', ofContest: true },
    { path: 'results.get', ofContest: true },
    'contests.get',
    'participation.status',
  ],
};
