// Team mode (issue 19 'Teams'): the words of every refusal of a team call, the states of a
// membership, and the limits of a team's name. Shared by the procedures, REST and the Teams
// panel; the refusal codes are TOURNAMENT_REASONS (shared/tournaments.ts) plus the few below.
import { TIER_LABELS, type Tier } from './constants';
import type { TournamentReason } from './tournaments';

/** A membership is an open invitation until the invitee accepts it (then `member`). */
export const TEAM_MEMBER_STATES = ['invited', 'member'] as const;
export type TeamMemberState = (typeof TEAM_MEMBER_STATES)[number];

export const TEAM_NAME_MIN = 2;
export const TEAM_NAME_MAX = 40;

/**
 * Refusals of team calls beside TOURNAMENT_REASONS: `started` (the roster is fixed from the
 * contest's start), `captain_leaves` (a captain with members hands over first), `unknown_user`
 * (nobody by that username).
 */
export const TEAM_OWN_REASONS = ['started', 'captain_leaves', 'unknown_user'] as const;
export type TeamReason =
  | Extract<
      TournamentReason,
      | 'team_mode_only'
      | 'team_full'
      | 'team_too_small'
      | 'not_in_team'
      | 'already_in_team'
      | 'not_captain'
      | 'invite_exists'
      | 'no_invite'
      | 'team_registered'
      | 'team_name_taken'
    >
  | (typeof TEAM_OWN_REASONS)[number];

export const TEAM_MESSAGES = {
  team_mode_only: 'This contest is not a team contest.',
  team_full: 'This team is full: its members and open invitations reach the maximum team size.',
  team_too_small: 'The team needs more members before it can register.',
  not_in_team: 'That member is not in this team.',
  already_in_team: 'You are already in a team of this contest.',
  invitee_in_team: 'That member is already in a team of this contest.',
  not_captain: "Only the team's captain can do that.",
  invite_exists: 'That member has already been invited to this team.',
  already_member: 'That member is already in this team.',
  no_invite: 'There is no invitation to this team for you.',
  team_registered: 'This team is already registered for the contest.',
  team_name_taken: 'Another team of this contest already has that name.',
  started: 'The contest has started: its teams can no longer change.',
  captain_leaves: 'Hand the captaincy over to another member before you leave the team.',
  unknown_user: 'No member has that username.',
  team_not_found: 'Team not found',
  /** Toasts. */
  created: 'Team created',
  invited: 'Invitation sent',
  accepted: 'You joined the team',
  declined: 'Invitation declined',
  left: 'You left the team',
  removed: 'Member removed',
  renamed: 'Team renamed',
  captainChanged: 'Captaincy handed over',
  registered: 'Team registered',
} as const;

export function teamTooSmallMessage(min: number): string {
  return `The team needs at least ${min} member${min === 1 ? '' : 's'} before it can register.`;
}

export function teamFullMessage(max: number): string {
  return `This team is full: at most ${max} member${max === 1 ? '' : 's'}, open invitations included.`;
}

/**
 * The join rule's refusal for a member other than the caller (an invitee, a member of a team
 * being registered), in words about them rather than 'you'.
 */
export function memberRefusalMessage(username: string, reason: string, requiredTier?: Tier) {
  switch (reason) {
    case 'tier':
      return `${username} cannot take part: this contest is open to ${
        TIER_LABELS[requiredTier ?? 'free']
      } members and above.`;
    case 'email_unverified':
      return `${username} cannot take part until they verify their e-mail address.`;
    default:
      return `${username} cannot take part in this contest now.`;
  }
}
