// The organiser's player list of a contest (issue 29 point 3): who is in, who did not check in,
// who was removed or disqualified, and the calls that change it. Creator, moderators and admins
// only; the forms (add a player, a reason to remove or disqualify) validate with these schemas.
import { z } from 'zod';
import { ZContestId } from './contestId';
import { ZRequiredText } from './requiredText';
import { ZGenerateBracketResponse } from './tournaments';

/** Where a player stands in a contest's list. */
export const PLAYER_STATES = ['in', 'no_show', 'removed', 'disqualified'] as const;
export type PlayerState = (typeof PLAYER_STATES)[number];

/** How a player left the list without leaving on their own (participant_exits.kind). */
export const PARTICIPANT_EXIT_KINDS = ['no_show', 'removed'] as const;
export type ParticipantExitKind = (typeof PARTICIPANT_EXIT_KINDS)[number];

/** The list's words for each state ('did not check in' keeps the history true). */
export const PLAYER_STATE_LABELS: Record<PlayerState, string> = {
  in: 'In',
  no_show: 'Did not check in',
  removed: 'Removed',
  disqualified: 'DQ',
};

export const REASON_MIN = 3;
export const REASON_MAX = 500;

export const ROSTER_MESSAGES = {
  usernameRequired: 'Enter the username of the member to add',
  reasonRequired: `Give a reason of at least ${REASON_MIN} characters`,
  reasonTooLong: `Keep the reason under ${REASON_MAX} characters`,
  // The server's refusals (roster.ts, disqualify.ts), in the words the list shows.
  notAPlayer: 'This member is not a player of this contest',
  unknownUser: (username: string) => `No member is called '${username.trim()}'`,
  teamOnly: "This contest is for teams: a team's captain registers it",
  bracketGenerated: 'The bracket is generated: no player can be added any more',
  startedRemove: 'The contest has started: disqualify the player instead',
  startedAlready: 'The contest has started already',
  notActive: 'Only a published, active contest can be started',
  notStarted: 'The contest has not started: remove the player instead of disqualifying them',
  contestCompleted: 'The contest has ended: its places are final',
  alreadyDisqualified: 'This player is disqualified already',
} as const;

export const ZPlayerRef = z.object({ contestId: ZContestId, userId: z.number().int().positive() });
export type TPlayerRef = z.infer<typeof ZPlayerRef>;

const ZReason = ZRequiredText(
  REASON_MIN,
  REASON_MAX,
  ROSTER_MESSAGES.reasonRequired,
  ROSTER_MESSAGES.reasonTooLong,
);

/** Add a member by username (past the deadline and the check-in window, within the cap). */
export const ZAddPlayerForm = z.object({
  username: ZRequiredText(1, 100, ROSTER_MESSAGES.usernameRequired, 'That username is too long'),
  /** The organiser waives the entry fee (recorded on the row and audited). */
  waiveFee: z.boolean().default(false),
});
export const ZAddPlayerInput = ZAddPlayerForm.extend({ contestId: ZContestId });
export type TAddPlayerInput = z.infer<typeof ZAddPlayerInput>;

/** Remove before the start, or disqualify after it: the player is told the reason. */
export const ZPlayerReasonForm = z.object({ reason: ZReason });
export const ZPlayerReasonInput = ZPlayerRef.extend({ reason: ZReason });
export type TPlayerReasonInput = z.infer<typeof ZPlayerReasonInput>;

/** One row of the organiser's list. */
export const ZRosterPlayer = z.object({
  userId: z.number().int(),
  username: z.string(),
  /** The participant row's id (bracket slots name it); null once the row is gone. */
  participantId: z.number().int().nullable(),
  joinedAt: z.date().nullable(),
  checkedInAt: z.date().nullable(),
  feeWaived: z.boolean(),
  state: z.enum(PLAYER_STATES),
  /** Why the player was removed or disqualified; null otherwise. */
  reason: z.string().nullable(),
  /** When the state last changed (dropped, removed, disqualified); null for 'in'. */
  stateAt: z.date().nullable(),
});
export type TRosterPlayer = z.infer<typeof ZRosterPlayer>;

export const ZRoster = z.object({
  contestId: z.number().int(),
  /** Check-in is on for this contest (a window of more than 0 minutes). */
  checkIn: z.boolean(),
  /** The start has passed or 'Start now' was used: remove is over, disqualify begins. */
  started: z.boolean(),
  bracketGeneratedAt: z.date().nullable(),
  /** Players in (the contest's count) and its cap (null: none). */
  participants: z.number().int(),
  maxParticipants: z.number().int().nullable(),
  /** Those in first (joined first), then those out, latest first. */
  players: z.array(ZRosterPlayer),
});
export type TRoster = z.infer<typeof ZRoster>;

export const ZProcessCheckInsResult = z.object({
  /** The user ids dropped for not checking in (each told with `checkin_missed`). */
  dropped: z.array(z.number().int()),
});
export type TProcessCheckInsResult = z.infer<typeof ZProcessCheckInsResult>;

export const ZStartNowResult = z.object({
  contestId: z.number().int(),
  registrationDeadline: z.date(),
  startDate: z.date(),
  dropped: z.array(z.number().int()),
  /** The bracket when the format generates one; null for the others. */
  bracket: ZGenerateBracketResponse.nullable(),
});
export type TStartNowResult = z.infer<typeof ZStartNowResult>;
