// Every reason a rule refuses a call for, and the one code each is answered with. A refusal is
// made from its reason alone (`new AppError('tier', message)`): the code comes from this table,
// so a reason means the same status on every path. REST's few statuses that tRPC has no code
// for are platform/errorMapping.ts's STATUS_BY_REASON.
import type { JoinRefusal, LeaveRefusal } from '../../shared/participation';
import type { PaymentRefusal } from '../../shared/payments';
import type { ScoreRefusal } from '../../shared/leaderboard';
import type { TeamReason } from '../../shared/teams';
import type { TournamentReason } from '../../shared/tournaments';
import type { SubmissionRefusal } from '../../shared/submissions';
import type { DiscussionRefusal } from '../../shared/discussion';
import type { TradingRefusal } from '../../shared/schemas/trading';

export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE';

/**
 * Every machine-readable cause a refusal carries beside the words of its message (error
 * `data.reason` over tRPC, `reason` over REST): clients act on it (an Upgrade link, a payment
 * link) without matching message texts. The areas' own lists live in src/shared, where the
 * client reads them too; the few below belong to no such list.
 */
export type RefusalReason =
  | JoinRefusal
  | LeaveRefusal
  | PaymentRefusal
  | ScoreRefusal
  | TeamReason
  | TournamentReason
  | SubmissionRefusal
  | DiscussionRefusal
  | TradingRefusal
  // A score CSV with refused lines (each line's own reason is a ScoreRefusal).
  | 'bad_lines'
  // Accounts: a temporary password or a staff member's two-factor set-up comes first; a
  // locked account; a used or expired e-mail, reset or unlock link; an address already verified.
  | 'password_change_required'
  | 'two_factor_setup_required'
  | 'account_locked'
  | 'link_invalid'
  | 'already_verified'
  // OpenID Connect: no flow of this browser, the provider's answer refused, the last way in.
  | 'no_flow'
  | 'state_mismatch'
  | 'provider_error'
  | 'token_refused'
  | 'last_way_in'
  // Results and payouts (issue 30; shared/schemas/results.ts, shared/payouts.ts).
  | 'results_blocked'
  | 'not_frozen'
  | 'already_confirmed'
  | 'payouts_started'
  | 'not_final'
  | 'same_admin'
  | 'already_sent'
  | 'wrong_status'
  | 'not_sent'
  | 'not_forfeited'
  | 'already_decided'
  | 'no_next_place'
  | 'prize_too_small'
  // Contests: too many contests or drafts; a bracket fixes a contest's format.
  | 'contest_limit'
  | 'draft_limit'
  | 'bracket_exists'
  // Payments under review whose member or contest is gone, or reviewed already.
  | 'already_reviewed'
  | 'member_deleted'
  | 'contest_deleted'
  // Admin demo data whose plan changed; the outbox retries only failed mail.
  | 'plan_changed'
  | 'not_failed'
  // The database out of reach (a 503 with Retry-After).
  | 'database_unavailable';

/**
 * The code of each reason. A score line's reasons (bad_score, duplicate, ...) are never an
 * error of their own (a CSV's refusal is `bad_lines`), but they share names with reasons that are
 * (`unknown_user`, `not_participant`), so every name has one code all the same.
 */
export const REFUSAL_CODES: Readonly<Record<RefusalReason, AppErrorCode>> = {
  // Joining and leaving (shared/participation.ts).
  not_open: 'CONFLICT',
  closed: 'CONFLICT',
  full: 'CONFLICT',
  already_joined: 'CONFLICT',
  // REST answers this one 402 (STATUS_BY_REASON).
  fee_unverified: 'FORBIDDEN',
  email_unverified: 'FORBIDDEN',
  tier: 'FORBIDDEN',
  invite_required: 'FORBIDDEN',
  invite_wrong: 'FORBIDDEN',
  team_only: 'CONFLICT',
  not_joined: 'CONFLICT',
  started: 'CONFLICT',
  // Payments (shared/payments.ts).
  free_contest: 'BAD_REQUEST',
  tier_not_higher: 'BAD_REQUEST',
  no_price: 'BAD_REQUEST',
  period_not_offered: 'BAD_REQUEST',
  network_not_set_up: 'BAD_REQUEST',
  already_verified: 'CONFLICT',
  proof_pending: 'CONFLICT',
  tx_hash_used: 'CONFLICT',
  already_reviewed: 'CONFLICT',
  member_deleted: 'CONFLICT',
  contest_deleted: 'CONFLICT',
  // Scores (shared/leaderboard.ts): a CSV's lines, and scores a bracket writes itself.
  bad_lines: 'BAD_REQUEST',
  bad_line: 'BAD_REQUEST',
  bad_score: 'BAD_REQUEST',
  bad_decimals: 'BAD_REQUEST',
  duplicate: 'BAD_REQUEST',
  scores_from_matches: 'CONFLICT',
  // Tournaments (shared/tournaments.ts).
  not_organiser: 'FORBIDDEN',
  no_bracket_format: 'CONFLICT',
  bracket_exists: 'CONFLICT',
  no_bracket: 'CONFLICT',
  registration_open: 'CONFLICT',
  not_enough_participants: 'CONFLICT',
  bad_seeding_order: 'BAD_REQUEST',
  results_exist: 'CONFLICT',
  match_not_ready: 'CONFLICT',
  match_not_found: 'NOT_FOUND',
  not_in_match: 'FORBIDDEN',
  self_report_off: 'FORBIDDEN',
  already_reported: 'CONFLICT',
  nothing_to_confirm: 'CONFLICT',
  later_matches_played: 'CONFLICT',
  draw_not_allowed: 'BAD_REQUEST',
  best_of_mismatch: 'BAD_REQUEST',
  same_result: 'BAD_REQUEST',
  nothing_to_decide: 'CONFLICT',
  no_disputed_result: 'CONFLICT',
  checkin_closed: 'CONFLICT',
  checkin_off: 'CONFLICT',
  not_participant: 'FORBIDDEN',
  not_started: 'CONFLICT',
  already_disqualified: 'CONFLICT',
  not_a_player: 'NOT_FOUND',
  contest_completed: 'CONFLICT',
  // Teams (shared/teams.ts).
  team_mode_only: 'CONFLICT',
  team_full: 'CONFLICT',
  team_too_small: 'CONFLICT',
  not_in_team: 'CONFLICT',
  already_in_team: 'CONFLICT',
  not_captain: 'FORBIDDEN',
  invite_exists: 'CONFLICT',
  no_invite: 'NOT_FOUND',
  team_registered: 'CONFLICT',
  team_name_taken: 'CONFLICT',
  captain_leaves: 'CONFLICT',
  unknown_user: 'NOT_FOUND',
  // Accounts.
  password_change_required: 'FORBIDDEN',
  two_factor_setup_required: 'FORBIDDEN',
  account_locked: 'TOO_MANY_REQUESTS',
  link_invalid: 'BAD_REQUEST',
  no_flow: 'BAD_REQUEST',
  state_mismatch: 'BAD_REQUEST',
  provider_error: 'BAD_REQUEST',
  token_refused: 'BAD_REQUEST',
  last_way_in: 'BAD_REQUEST',
  // Results and payouts.
  results_blocked: 'CONFLICT',
  not_frozen: 'CONFLICT',
  already_confirmed: 'CONFLICT',
  payouts_started: 'CONFLICT',
  not_final: 'CONFLICT',
  same_admin: 'CONFLICT',
  already_sent: 'CONFLICT',
  wrong_status: 'CONFLICT',
  not_sent: 'CONFLICT',
  not_forfeited: 'CONFLICT',
  already_decided: 'CONFLICT',
  no_next_place: 'CONFLICT',
  prize_too_small: 'CONFLICT',
  // Submission contests (shared/submissions.ts).
  bad_submission: 'BAD_REQUEST',
  bad_key: 'BAD_REQUEST',
  no_key: 'CONFLICT',
  daily_limit: 'TOO_MANY_REQUESTS',
  total_limit: 'CONFLICT',
  contest_ended: 'CONFLICT',
  selection_limit: 'CONFLICT',
  not_submission_format: 'CONFLICT',
  board_not_published: 'NOT_FOUND',
  already_published: 'CONFLICT',
  not_scored: 'CONFLICT',
  still_scoring: 'CONFLICT',
  // Trading contests (shared/schemas/trading.ts).
  not_open_format: 'CONFLICT',
  bad_statement: 'BAD_REQUEST',
  not_trading_contest: 'CONFLICT',
  uploads_closed: 'CONFLICT',
  not_latest: 'CONFLICT',
  // Discussion (shared/discussion.ts); the limits are 429 with Retry-After.
  discussion_closed: 'FORBIDDEN',
  not_allowed_to_post: 'FORBIDDEN',
  barred: 'FORBIDDEN',
  topic_locked: 'CONFLICT',
  own_post: 'FORBIDDEN',
  not_author: 'FORBIDDEN',
  post_deleted: 'CONFLICT',
  bad_quote: 'BAD_REQUEST',
  not_a_reply: 'BAD_REQUEST',
  post_too_soon: 'TOO_MANY_REQUESTS',
  topic_too_soon: 'TOO_MANY_REQUESTS',
  first_day_limit: 'TOO_MANY_REQUESTS',
  upvote_limit: 'TOO_MANY_REQUESTS',
  duplicate_post: 'TOO_MANY_REQUESTS',
  report_limit: 'TOO_MANY_REQUESTS',
  too_many_mentions: 'BAD_REQUEST',
  quotes_too_deep: 'BAD_REQUEST',
  report_resolved: 'CONFLICT',
  // Contests.
  contest_limit: 'TOO_MANY_REQUESTS',
  draft_limit: 'TOO_MANY_REQUESTS',
  // Operations.
  plan_changed: 'CONFLICT',
  not_failed: 'CONFLICT',
  database_unavailable: 'SERVICE_UNAVAILABLE',
};

export function isRefusalReason(value: string): value is RefusalReason {
  return Object.hasOwn(REFUSAL_CODES, value);
}
