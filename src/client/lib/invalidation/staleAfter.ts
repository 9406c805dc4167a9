// What each mutation changes, declared once per area: the queries whose answers it makes stale.
// main.tsx applies this table to every mutation (lib/invalidation/index.ts), so a component
// never invalidates by hand; a screen that shows the data refetches it, the others read it
// afresh when they are next shown.
import type { MutationPath, QueryPath } from './paths';

export interface Stale {
  /** Stale after the call succeeded. */
  success?: readonly QueryPath[];
  /** Stale after it failed too: the state may have moved on (another tab, another reviewer). */
  error?: readonly QueryPath[];
  /**
   * Stale only at a moment the screen knows (e.g. once the new recovery codes were seen): the
   * component says when with `useMarkStale()`.
   */
  later?: readonly QueryPath[];
  /**
   * The call's answer (mutateAsync, isPending) waits until the stale queries were read again:
   * the screen goes on only once it shows the new list.
   */
  wait?: boolean;
}

/** The same list after success and after failure. */
const settled = (paths: readonly QueryPath[]): Stale => ({ success: paths, error: paths });
const settledAndRead = (paths: readonly QueryPath[]): Stale => ({ ...settled(paths), wait: true });
const onSuccess = (paths: readonly QueryPath[]): Stale => ({ success: paths });

// Accounts: who I am, my sessions, my sign-in methods.
const SIGNED_IN_USER: readonly QueryPath[] = ['auth.me'];
const accounts = {
  'account.changePassword': onSuccess(SIGNED_IN_USER),
  'account.updatePayment': onSuccess(SIGNED_IN_USER),
  'password.reset': onSuccess(SIGNED_IN_USER),
  'email.verify': onSuccess(SIGNED_IN_USER),
  // A failure may mean the session already ended elsewhere: the list shows what is true now.
  'account.revokeSession': settledAndRead(['account.listSessions']),
  'account.endOtherSessions': settledAndRead(['account.listSessions']),
  'oidc.cancel': settled(['oidc.flow']),
  'oidc.unlink': settledAndRead(['oidc.methods']),
  'oidc.setPassword': settledAndRead(['oidc.methods']),
  // Turning it on signs the other sessions out: the list shows that at once. The status swaps
  // the setup out: only once the recovery codes were seen.
  'twoFactor.enable': {
    success: ['account.listSessions'],
    later: ['auth.me', 'twoFactor.status'],
  },
  'twoFactor.regenerateRecoveryCodes': settled(['twoFactor.status']),
  'twoFactor.disable': settled(['twoFactor.status', 'account.listSessions']),
} satisfies Partial<Record<MutationPath, Stale>>;

// Administration: users, settings, demo data, the webhook outbox.
const ADMIN_USERS: readonly QueryPath[] = ['adminUsers.list'];
const admin = {
  'adminUsers.create': onSuccess(ADMIN_USERS),
  'adminUsers.update': onSuccess(ADMIN_USERS),
  'adminUsers.ban': onSuccess(ADMIN_USERS),
  'adminUsers.unban': onSuccess(ADMIN_USERS),
  // A plan granted, extended or ended: the list's tier and plan end.
  'adminUsers.subscription': onSuccess(ADMIN_USERS),
  'adminUsers.delete': onSuccess(ADMIN_USERS),
  'twoFactor.reset': onSuccess(ADMIN_USERS),
  // The public settings every screen reads; auth.me, as requiring two-factor sign-in of staff
  // may now concern this admin too.
  'adminSettings.update': onSuccess(['settings.public', 'auth.me']),
  'adminDemo.remove': onSuccess(['admin.stats', 'adminDemo.preview']),
  'outbox.retry': onSuccess(['outbox.list']),
} satisfies Partial<Record<MutationPath, Stale>>;

// Contests: lists, pages, drafts. A create or an edit may carry the prize table (issue 30): the
// contest's prizes and the cards' prize line.
const contests = {
  // A submission contest's evaluation settings go with the contest (issue 31).
  'contests.create': onSuccess(['contests', 'prizes', 'submissions']),
  'contests.update': onSuccess(['contests', 'prizes', 'submissions']),
  'contests.setStatus': onSuccess(['contests']),
  'contests.setFeatured': onSuccess(['contests']),
  'contests.saveDraft': onSuccess(['contests.drafts']),
} satisfies Partial<Record<MutationPath, Stale>>;

// Prize tables (issue 30): the table and what it comes to, and the cards' and pages' summary.
const prizes = {
  'prizes.set': onSuccess(['prizes', 'contests']),
} satisfies Partial<Record<MutationPath, Stale>>;

// Results (issue 30): freezing, confirming or reopening changes the results, the payout lines
// (made on confirm) and the certificates (issued on confirm, withdrawn on reopen); a refusal
// re-reads them too, as it may mean another organiser got there first (or a new blocker). A
// winner's receipt changes their line.
const RESULTS: readonly QueryPath[] = ['results.get', 'payouts.list', 'certificates.mine'];
const results = {
  'results.freeze': settled(RESULTS),
  'results.confirm': settled(RESULTS),
  'results.reopen': settled(RESULTS),
  'payouts.confirmReceived': settled(['payouts.list']),
  // Deciding a forfeited prize: the standings show a prize passed on, and new lines exist.
  'payouts.decideForfeit': settled(RESULTS),
} satisfies Partial<Record<MutationPath, Stale>>;

// Participation and scores: who takes part, ranks, my dashboard.
const PARTICIPATION: readonly QueryPath[] = [
  'participation.status',
  'contests',
  'leaderboard',
  'me',
];
const participation = {
  // A refused join (but a wrong invite code, told beside its field) re-reads the state too:
  // JoinPanel says when, with useMarkStale.
  'participation.join': { success: PARTICIPATION, later: PARTICIPATION },
  'participation.leave': settled(PARTICIPATION),
  // The CSV import (a REST upload) changes the same: ScoresPanel marks these with useMarkStale.
  'leaderboard.setScores': { success: ['leaderboard', 'participation.status', 'me'] },
  'checkIn.checkIn': onSuccess(['checkIn.status']),
  'checkIn.undo': onSuccess(['checkIn.status']),
} satisfies Partial<Record<MutationPath, Stale>>;

// Teams: every screen that shows a team or what it is registered for.
const TEAMS: readonly QueryPath[] = [
  'teams',
  'participation.status',
  'leaderboard',
  'contests',
  'me',
  'notifications',
];
const teams = {
  'teams.create': onSuccess(TEAMS),
  'teams.invite': onSuccess(TEAMS),
  'teams.rename': onSuccess(TEAMS),
  'teams.accept': settled(TEAMS),
  'teams.decline': settled(TEAMS),
  'teams.leave': settled(TEAMS),
  'teams.removeMember': settled(TEAMS),
  'teams.transferCaptain': settled(TEAMS),
  'teams.register': settled(TEAMS),
  'teams.setPrizeShares': onSuccess(['teams', 'results']),
} satisfies Partial<Record<MutationPath, Stale>>;

// Tournaments: brackets and matches (a failure re-reads: the match may have moved on).
const tournaments = {
  // Generating processes check-ins first when check-in is on (issue 29): the list and the count.
  'tournaments.generate': settled(['tournaments', 'roster', 'checkIn.status', 'contests']),
  'tournaments.schedule': onSuccess(['tournaments']),
  'tournaments.report': settled(['tournaments']),
  'tournaments.confirm': settled(['tournaments']),
  'tournaments.dispute': settled(['tournaments']),
  'tournaments.decide': settled(['tournaments']),
} satisfies Partial<Record<MutationPath, Stale>>;

// The organiser's player list (issue 29): a player added, checked in or out, dropped, removed or
// disqualified, or the contest started now, changes the list, the contest's count and dates, the
// check-in card, the bracket and the leaderboard (a failure re-reads: another organiser may have
// got there first).
const ROSTER: readonly QueryPath[] = [
  'roster',
  'contests',
  'checkIn.status',
  'tournaments',
  'leaderboard',
  'participation.status',
];
const roster = {
  'roster.add': settled(ROSTER),
  'roster.checkIn': settled(ROSTER),
  'roster.checkOut': settled(ROSTER),
  'roster.processCheckIns': settled(ROSTER),
  'roster.remove': settled(ROSTER),
  'roster.disqualify': settled(ROSTER),
  'roster.startNow': settled(ROSTER),
} satisfies Partial<Record<MutationPath, Stale>>;

// Payments: a member's proofs and options, the reviewers' queue and figures.
const REVIEW: readonly QueryPath[] = ['payments.queue', 'payments.tierBreakdown', 'admin.stats'];
const payments = {
  'payments.submitProof': {
    success: ['payments.options', 'payments.myProofs'],
    error: ['payments.options'],
  },
  // Another reviewer may have got there first: the queue as it is now.
  'payments.review': settled(REVIEW),
} satisfies Partial<Record<MutationPath, Stale>>;

// Payouts (issue 30): an admin's step; another admin may have taken one first.
const payouts = {
  'payouts.update': settled(['payouts.list', 'payouts.yearly']),
} satisfies Partial<Record<MutationPath, Stale>>;

// Education: the library and one item's page.
const EDUCATION: readonly QueryPath[] = ['education.list', 'education.get'];
const education = {
  'education.create': onSuccess(EDUCATION),
  'education.update': onSuccess(EDUCATION),
  'education.delete': onSuccess(['education.list']),
  'education.save': onSuccess(EDUCATION),
  'education.unsave': onSuccess(EDUCATION),
  // An import job's end (seen by polling, not by the start's answer): ImportPanel says when.
  'education.importStart': { later: ['education.list'] },
} satisfies Partial<Record<MutationPath, Stale>>;

// Submission contests (issue 31): the evaluation (its counts and key summary), the submissions
// and both boards. A refusal re-reads them too: a limit, the end or another organiser may have
// moved on. Publishing writes the final places (leaderboard, results) and completes the page.
// The file uploads (REST) mark what setEvaluation does (EvaluationForm) or the submissions
// (SubmitForm).
const SUBMISSIONS: readonly QueryPath[] = ['submissions'];
const submissionContests = {
  'submissions.setEvaluation': settled(SUBMISSIONS),
  'submissions.select': settled(SUBMISSIONS),
  'submissions.rescore': settled(SUBMISSIONS),
  'submissions.publish': settled([...SUBMISSIONS, 'leaderboard', 'results', 'contests']),
} satisfies Partial<Record<MutationPath, Stale>>;

// A contest's discussion (issue 32): a topic's page and the topic list (counts, last poster,
// order). A refused write re-reads them too: the topic may have been locked, the member barred.
// The 'open discussion' switch is on the contest's answer as well.
const TOPIC: readonly QueryPath[] = ['discussion.get'];
const TOPICS: readonly QueryPath[] = ['discussion.get', 'discussion.list'];
const discussion = {
  'discussion.createTopic': settled(['discussion.list']),
  'discussion.reply': settled(TOPICS),
  'discussion.editPost': settled(TOPIC),
  'discussion.deletePost': settled(TOPICS),
  'discussion.updateTopic': settled(TOPICS),
  'discussion.upvote': settled(TOPICS),
  'discussion.removeUpvote': settled(TOPICS),
  'discussion.follow': onSuccess(TOPIC),
  'discussion.unfollow': onSuccess(TOPIC),
  'discussion.report': onSuccess(TOPIC),
  'discussion.bar': onSuccess([...TOPICS, 'discussion.bars']),
  'discussion.unbar': onSuccess([...TOPICS, 'discussion.bars']),
  'discussion.setOpen': onSuccess([...TOPICS, 'contests']),
} satisfies Partial<Record<MutationPath, Stale>>;

// The moderators' Reports queue (issue 32): the queue, and the topic pages showing the post. A
// failure (reviewed by another moderator first) shows the queue as it is now.
const reports = {
  'reports.review': settledAndRead(['reports.list', 'discussion']),
} satisfies Partial<Record<MutationPath, Stale>>;

// Trading contests (issue 34): the rules (the contest page's section, the Edit dialog) and the
// contest, whose scoring they set. A statement's review moves its status, the board and the
// places written from it; a refusal re-reads them too (the trader may have uploaded a newer
// one). The statement upload (REST) marks the same itself (StatementUploadForm).
const trading = {
  'trading.setRules': onSuccess(['trading', 'contests']),
  'trading.reviewStatement': settled(['trading', 'leaderboard', 'results']),
} satisfies Partial<Record<MutationPath, Stale>>;

// Notifications.
const notifications = {
  'notifications.markRead': onSuccess(['notifications.list']),
} satisfies Partial<Record<MutationPath, Stale>>;

export const staleAfter: Partial<Record<MutationPath, Stale>> = {
  ...accounts,
  ...admin,
  ...contests,
  ...prizes,
  ...results,
  ...participation,
  ...teams,
  ...tournaments,
  ...roster,
  ...payments,
  ...payouts,
  ...education,
  ...submissionContests,
  ...reports,
  ...discussion,
  ...trading,
  ...notifications,
};
