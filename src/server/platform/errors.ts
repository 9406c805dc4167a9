// Typed errors thrown by services, and the one list of reasons a rule refuses a call with. What
// a client hears of them is platform/errorMapping.ts, the one mapping every path uses.
import type { JoinRefusal, LeaveRefusal } from '../../shared/participation';
import type { PaymentRefusal } from '../../shared/payments';
import type { ScoreRefusal } from '../../shared/leaderboard';
import type { TeamReason } from '../../shared/teams';
import type { TournamentReason } from '../../shared/tournaments';

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

/** Facts a refusal gives the client to offer a way forward (the tier to reach, the contest to pay). */
export type AppErrorDetails = Record<string, string | number>;

export interface AppErrorOptions {
  /** Seconds a client should wait, for TOO_MANY_REQUESTS. */
  retryAfter?: number;
  reason?: RefusalReason;
  details?: AppErrorDetails;
}

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly retryAfter?: number;
  readonly reason?: RefusalReason;
  readonly details?: AppErrorDetails;

  constructor(code: AppErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.retryAfter = options.retryAfter;
    this.reason = options.reason;
    this.details = options.details;
  }
}
