// What the platform tells a member (issue 20 'Notifications'): the kinds of notification, how each
// is labelled in Account Settings, and whether it is also e-mailed when the member has not chosen.
// Shared by the server (the notifications table, notify()) and the bell, page and preferences.

/** The kinds this platform sends today. */
export const PLATFORM_NOTIFICATION_KINDS = [
  'contest_approved',
  'contest_rejected',
  'payment_verified',
  'payment_rejected',
  'contest_joined',
  'contest_starting',
  'contest_results',
  'score_changed',
  // The end of a contest (issue 30): its results confirmed (the member's place and prize); a step
  // of the member's payout (a method asked for, reminders, approved, sent, failed, forfeited).
  'results_confirmed',
  'payout_update',
  // Submission contests (issue 31): a submission was scored (or failed, with the reason).
  'submission_scored',
  // Trading contests (issue 34): the organiser approved, rejected or disqualified a statement.
  'statement_reviewed',
  // Discussion (issue 32): a mention of the member; new replies in a topic they follow (batched:
  // one per topic per 10 minutes); an organiser's announcement; a moderator's action on their post.
  'discussion_mention',
  'discussion_reply',
  'discussion_announcement',
  'discussion_moderated',
  // Subscriptions (issue 33): the plan's end is near (7 days, 1 day, the day); it ended (grace
  // over, the tier dropped); an admin granted, extended or ended it.
  'plan_reminder',
  'plan_ended',
  'plan_changed',
] as const;

/**
 * The tournament issue's kinds (a match ready, a result reported or disputed). They are part of
 * the vocabulary already (the table accepts them, notify() sends them), so the tournament code
 * only calls notify(); Account Settings lists them once TOURNAMENT_KINDS_LIVE is true.
 */
export const TOURNAMENT_NOTIFICATION_KINDS = [
  'match_ready',
  'match_result_reported',
  'match_result_disputed',
  // Check-in (issue 19): its window opened; the start came without the member's check-in.
  'checkin_open',
  'checkin_missed',
  // Team mode (issue 19): a captain invited the member to their team.
  'team_invite',
  // The organiser's player list (issue 29): an organiser added the member or removed them before
  // the start (with a reason); an organiser disqualified the member, with a reason.
  'roster_changed',
  'disqualified',
] as const;
/** Flip when the tournament issue lands (its matches send these kinds). */
export const TOURNAMENT_KINDS_LIVE = true;

export const NOTIFICATION_KINDS = [
  ...PLATFORM_NOTIFICATION_KINDS,
  ...TOURNAMENT_NOTIFICATION_KINDS,
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The kinds a member can set a preference for in Account Settings, in the order shown. */
export const PREFERENCE_KINDS: readonly NotificationKind[] = TOURNAMENT_KINDS_LIVE
  ? NOTIFICATION_KINDS
  : // Check-in sends its kinds already (issue 19's setup): they can be chosen now.
    [...PLATFORM_NOTIFICATION_KINDS, 'checkin_open', 'checkin_missed'];

/** How a member hears of a kind: the bell only, or the bell and an e-mail. */
export const NOTIFICATION_CHANNELS = ['in_app', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  in_app: 'In-app only',
  email: 'In-app and e-mail',
};

export interface NotificationKindInfo {
  label: string;
  /** What it is about, under the label in Account Settings. */
  description: string;
  /** Without a choice of the member's: money and the decisions on their contests are e-mailed. */
  defaultChannel: NotificationChannel;
}

export const NOTIFICATION_KIND_INFO: Record<NotificationKind, NotificationKindInfo> = {
  results_confirmed: {
    label: 'Results confirmed',
    description: 'The results of a contest you took part in were confirmed: your place and prize.',
    defaultChannel: 'email',
  },
  payout_update: {
    label: 'Prize payouts',
    description: 'Your prize: a payout method is needed, it was approved, sent or failed.',
    defaultChannel: 'email',
  },
  contest_approved: {
    label: 'Contest approved',
    description: 'A contest you submitted was approved and is live.',
    defaultChannel: 'email',
  },
  contest_rejected: {
    label: 'Contest rejected',
    description: 'A contest you submitted was rejected, with the reason.',
    defaultChannel: 'email',
  },
  plan_reminder: {
    label: 'Plan renewal reminders',
    description: 'Your paid plan ends in 7 days, in 1 day, or today.',
    defaultChannel: 'email',
  },
  plan_ended: {
    label: 'Plan ended',
    description: 'Your paid plan ended and its grace period is over.',
    defaultChannel: 'email',
  },
  plan_changed: {
    label: 'Plan changes',
    description:
      'Your next plan started, or an administrator granted, extended or ended your plan.',
    defaultChannel: 'email',
  },
  payment_verified: {
    label: 'Payment verified',
    description: 'A payment proof you sent was verified.',
    defaultChannel: 'email',
  },
  payment_rejected: {
    label: 'Payment rejected',
    description: 'A payment proof you sent was rejected, with the reason.',
    defaultChannel: 'email',
  },
  contest_joined: {
    label: 'Joined a contest',
    description: 'You joined a contest (or your entry fee admitted you).',
    defaultChannel: 'in_app',
  },
  contest_starting: {
    label: 'Contest starting soon',
    description: 'A contest you joined starts within 24 hours.',
    defaultChannel: 'email',
  },
  contest_results: {
    label: 'Final results',
    description: 'A contest you took part in is completed: your final rank.',
    defaultChannel: 'email',
  },
  submission_scored: {
    label: 'Submission scored',
    description: 'A file you submitted to a contest was scored (or could not be, and why).',
    defaultChannel: 'in_app',
  },
  statement_reviewed: {
    label: 'Statement reviewed',
    description:
      'The organiser of a trading contest approved, rejected or disqualified your statement, and why.',
    defaultChannel: 'email',
  },
  discussion_mention: {
    label: 'Mentioned in a discussion',
    description: 'Someone mentioned you (@username) in a contest discussion.',
    defaultChannel: 'in_app',
  },
  discussion_reply: {
    label: 'Replies in topics you follow',
    description:
      'New replies in a discussion topic you follow (at most one notice per topic every 10 minutes).',
    defaultChannel: 'in_app',
  },
  discussion_announcement: {
    label: 'Contest announcements',
    description: 'An organiser posted an announcement in a contest you take part in.',
    defaultChannel: 'email',
  },
  discussion_moderated: {
    label: 'Your posts moderated',
    description: 'A moderator hid, restored or deleted one of your posts, with the reason.',
    defaultChannel: 'in_app',
  },
  score_changed: {
    label: 'Score changed',
    description: 'Your score in a contest changed.',
    defaultChannel: 'in_app',
  },
  match_ready: {
    label: 'Match ready',
    description: 'Your next tournament match is ready to play: who you play, and where.',
    defaultChannel: 'email',
  },
  match_result_reported: {
    label: 'Match result to confirm',
    description: 'Your opponent reported the result of your match: confirm it or dispute it.',
    defaultChannel: 'in_app',
  },
  match_result_disputed: {
    label: 'Match result disputed',
    description: 'A result reported for your match (or one you organise) was disputed.',
    defaultChannel: 'email',
  },
  checkin_open: {
    label: 'Check-in open',
    description: 'The check-in of a contest you joined has opened.',
    defaultChannel: 'email',
  },
  checkin_missed: {
    label: 'Check-in missed',
    description: 'You did not check in before the start, so you were dropped from the contest.',
    defaultChannel: 'email',
  },
  team_invite: {
    label: 'Team invitation',
    description: "A team's captain invited you to join their team for a contest.",
    defaultChannel: 'email',
  },
  roster_changed: {
    label: 'Added or removed by an organiser',
    description: 'An organiser added you to a contest, or removed you before its start: why.',
    defaultChannel: 'email',
  },
  disqualified: {
    label: 'Disqualified',
    description: 'An organiser disqualified you from a contest: why, and what it means.',
    defaultChannel: 'in_app',
  },
};

/** How many of the latest the bell's popover shows. */
export const BELL_LATEST = 5;
