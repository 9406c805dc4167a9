// Taking part (PRODUCT.md 'Taking part'): why the server refuses a join or a leave, as a code the
// client acts on (error `data.reason`, with `data.details`) and as words a member understands.
import { TIER_LABELS, type Tier } from './constants';

/**
 * Why a join is refused, and the way forward the client offers for each:
 * - not_open: the contest is not accepting members (pending, draft, rejected): nothing to do;
 * - closed: the registration deadline (or, without one, the start) has passed, or it ended;
 * - full: every place is taken;
 * - already_joined: nothing to do (show 'Leave' instead);
 * - tier: details.requiredTier names the tier to reach: link to /payment?tier=...;
 * - invite_required / invite_wrong: ask for (again) the invite code;
 * - fee_unverified: details.contestId: link to /payment?contest=...
 * - email_unverified: the platform asks for a verified e-mail first (the setting 'Require a
 *   verified e-mail to join contests and submit payments'): offer to send the link again.
 * - team_only: a team contest (issue 19): teams register through their captain (the Teams
 *   panel), nobody joins alone.
 */
export const JOIN_REFUSALS = [
  'not_open',
  'closed',
  'full',
  'already_joined',
  'email_unverified',
  'tier',
  'invite_required',
  'invite_wrong',
  'fee_unverified',
  'team_only',
] as const;
export type JoinRefusal = (typeof JOIN_REFUSALS)[number];

export const LEAVE_REFUSALS = ['not_joined', 'started'] as const;
export type LeaveRefusal = (typeof LEAVE_REFUSALS)[number];

export const PARTICIPATION_MESSAGES = {
  not_open: 'This contest is not open for registration.',
  closed: 'Registration for this contest is closed.',
  full: 'This contest is full: every place has been taken.',
  already_joined: 'You have already joined this contest.',
  invite_required: 'This contest is by invitation only: enter its invite code to join.',
  invite_wrong: 'That invite code is not valid for this contest.',
  fee_unverified:
    'This contest has an entry fee. Pay it and submit your payment proof: you can join once it is verified.',
  email_unverified:
    'Please verify your e-mail address first: open the link we sent you, or send a new one.',
  team_only:
    "This is a team contest: create a team or accept an invitation, and the team's captain registers it.",
  not_joined: 'You have not joined this contest.',
  started: 'The contest has already started: you can no longer leave it.',
  /** SPEC 8's success toast. */
  joined: 'Registration Successful',
} as const;

export function tierRequiredMessage(tier: Tier): string {
  return `This contest is open to ${TIER_LABELS[tier]} members and above. Upgrade your subscription to join.`;
}

export function joinRefusalMessage(reason: JoinRefusal, requiredTier: Tier = 'free'): string {
  return reason === 'tier' ? tierRequiredMessage(requiredTier) : PARTICIPATION_MESSAGES[reason];
}

/** The invite code field's limit (codes are 8 characters; anything far longer is not one). */
export const INVITE_CODE_MAX = 100;
