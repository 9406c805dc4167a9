// Tournaments (issue 19): the vocabulary shared by the wizards, the bracket screens, the
// procedures and REST. A contest's format decides what it runs: `open` is the scored leaderboard;
// `league` a round robin with a standings table; `knockout` single or double elimination;
// `tournament` a group stage feeding a knockout, or a Swiss system.
import type { ContestFormat } from './contests';

/** Formats that have matches (all but `open`). */
export const BRACKET_FORMATS = ['knockout', 'league', 'tournament'] as const;
export type BracketFormat = (typeof BRACKET_FORMATS)[number];
export function hasBracket(format: ContestFormat): format is BracketFormat {
  return (BRACKET_FORMATS as readonly string[]).includes(format);
}

export const ELIMINATION_TYPES = ['single', 'double'] as const;
export type EliminationType = (typeof ELIMINATION_TYPES)[number];
export const ELIMINATION_LABELS: Record<EliminationType, string> = {
  single: 'Single elimination',
  double: 'Double elimination',
};

/** A double-elimination grand final: none, one match, or one plus a reset when the upper winner loses. */
export const GRAND_FINAL_TYPES = ['none', 'simple', 'double'] as const;
export type GrandFinalType = (typeof GRAND_FINAL_TYPES)[number];
export const GRAND_FINAL_LABELS: Record<GrandFinalType, string> = {
  none: 'No grand final',
  simple: 'Grand final (one match)',
  double: 'Grand final with reset',
};

export const TOURNAMENT_SYSTEMS = ['groups', 'swiss'] as const;
export type TournamentSystem = (typeof TOURNAMENT_SYSTEMS)[number];
export const TOURNAMENT_SYSTEM_LABELS: Record<TournamentSystem, string> = {
  groups: 'Group stage, then knockout',
  swiss: 'Swiss system',
};

/** How the organiser seeds a bracket when generating it. */
export const SEEDING_RULES = ['random', 'score', 'manual'] as const;
export type SeedingRule = (typeof SEEDING_RULES)[number];
export const SEEDING_LABELS: Record<SeedingRule, string> = {
  random: 'Random',
  score: 'By current leaderboard score',
  manual: 'Manual order',
};

/**
 * brackets-manager's match statuses (its Status enum, kept here as numbers: they are what the
 * match table stores). Shared so the server's metrics count matches by them too.
 */
export const MATCH_STATUS = {
  Locked: 0,
  Waiting: 1,
  Ready: 2,
  Running: 3,
  Completed: 4,
  Archived: 5,
} as const;

/** Statuses of a match that can take a result now (both participants known, not completed). */
export const PLAYABLE_MATCH_STATUSES = [MATCH_STATUS.Ready, MATCH_STATUS.Running] as const;

/** A match's life (brackets-manager's locked/waiting both read as waiting). */
export const MATCH_STATUSES = ['waiting', 'ready', 'running', 'completed'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];
export const MATCH_STATUS_LABELS: Record<MatchStatus, string> = {
  waiting: 'Waiting',
  ready: 'Ready',
  running: 'Running',
  completed: 'Completed',
};

/**
 * A match with a BYE side (no opponent at all; a side still to be decided is not null): it is
 * never played or scheduled, its present side goes through at generation. Lists of matches to
 * play leave it out; the bracket shows it, as 'bye', in a first round only.
 */
export function isByeMatch(sides: readonly [unknown, unknown]): boolean {
  return sides[0] === null || sides[1] === null;
}

/** A participant's outcome in one match. */
export const MATCH_RESULTS = ['win', 'loss', 'draw'] as const;
export type MatchResult = (typeof MATCH_RESULTS)[number];

/**
 * A self-reported result's state: `pending` waits for the opponent, who confirms it (then
 * `confirmed`) or disputes it (`disputed`, in the moderators' queue until an organiser reports).
 */
export const REPORT_STATES = ['none', 'pending', 'confirmed', 'disputed'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/** Two scores, the first participant's first: a match's (games won) or one game's. */
export type ScorePair = [number, number];

/**
 * A participant's report of a match as stored (`bracket_matches.report`): who reported (their
 * participant id), the match's scores and, in a best-of-N match, each game's; or who forfeits;
 * and when (epoch milliseconds). It stays beside a dispute so both sides can be read.
 */
export interface StoredMatchReport {
  by: number;
  scores: ScorePair | null;
  games: ScorePair[] | null;
  forfeit: number | null;
  at: number;
}

/**
 * The opponent's dispute of a report as stored (`bracket_matches.dispute`): who disputed, the
 * result they say it was (scores and games; null only on disputes made before they were asked),
 * their reason, and when.
 */
export interface StoredMatchDispute {
  by: number;
  scores: ScorePair | null;
  games: ScorePair[] | null;
  reason: string | null;
  at: number;
}

/** Which part of a bracket a group of rounds is. */
export const BRACKET_PARTS = [
  'upper',
  'lower',
  'final',
  'consolation',
  'group',
  'league',
  'swiss',
] as const;
export type BracketPart = (typeof BRACKET_PARTS)[number];

/** The `reason` of a refused tournament call (SPEC 8's error shape). */
export const TOURNAMENT_REASONS = [
  'not_organiser',
  'no_bracket_format',
  'bracket_exists',
  'no_bracket',
  'registration_open',
  'not_enough_participants',
  'bad_seeding_order',
  'results_exist',
  'match_not_ready',
  'match_not_found',
  'not_in_match',
  'self_report_off',
  'already_reported',
  'nothing_to_confirm',
  'later_matches_played',
  'draw_not_allowed',
  'best_of_mismatch',
  'same_result',
  'nothing_to_decide',
  'no_disputed_result',
  'checkin_closed',
  'checkin_off',
  'not_participant',
  // The organiser's player list (issue 29).
  'not_started',
  'already_disqualified',
  'not_a_player',
  // Disqualifying once the contest has ended: its places are final.
  'contest_completed',
  'scores_from_matches',
  'team_mode_only',
  'team_full',
  'team_too_small',
  'not_in_team',
  'already_in_team',
  'not_captain',
  'invite_exists',
  'no_invite',
  'team_registered',
  'team_name_taken',
] as const;
export type TournamentReason = (typeof TOURNAMENT_REASONS)[number];

/** League points per result unless the organiser sets others (issue 19: 3/1/0). */
export const DEFAULT_POINTS = { win: 3, draw: 1, loss: 0 } as const;

/** Limits of the format settings. */
export const GROUP_SIZE_MIN = 3;
export const GROUP_SIZE_MAX = 16;
export const SWISS_ROUNDS_MAX = 20;
export const CHECK_IN_MINUTES_MAX = 24 * 60;
export const TEAM_SIZE_MAX = 50;
export const POINTS_MAX = 100;

/** The league tie-breakers, in the order applied (shown under the standings table). */
export const LEAGUE_TIE_BREAKERS = ['points', 'head-to-head', 'difference', 'for'] as const;
export const SWISS_TIE_BREAKERS = ['points', 'Buchholz'] as const;

/** The kinds of stage a bracket holds (brackets-manager's three, and ours for Swiss). */
export const BRACKET_STAGE_TYPES = [
  'single_elimination',
  'double_elimination',
  'round_robin',
  'swiss',
] as const;
export type BracketStageType = (typeof BRACKET_STAGE_TYPES)[number];

/** What a refused tournament call says (the message beside its `reason`). */
export const TOURNAMENT_MESSAGES = {
  not_organiser: "Only the contest's creator, moderators and admins can run its bracket",
  no_bracket_format: 'This contest has no bracket: its format is open',
  bracket_exists: 'The bracket has been generated already; regenerate it to start again',
  no_bracket: 'The bracket has not been generated yet',
  registration_open:
    'Registration is still open: use Start now, or move the deadline, then generate the bracket',
  not_enough_participants: 'Not enough participants for this format',
  not_enough_for_groups: 'Not enough participants to fill one group',
  bad_seeding_order: 'The manual order must list every participant exactly once',
  results_exist: 'Results have been reported: the bracket can no longer be regenerated',
  match_not_found: 'No such match',
  match_not_ready: 'This match is not ready: its participants are not both known yet',
  not_in_match: 'Only the two participants of this match can report it',
  self_report_off: 'In this contest only the organiser reports results',
  already_reported: 'A result is already waiting for confirmation',
  already_completed: 'This match has a result already; the organiser can change it',
  nothing_to_confirm: 'There is no reported result for you to confirm or dispute',
  own_report: 'Your opponent confirms or disputes the result you reported',
  later_matches_played:
    'Later matches depend on this result and have been played: it can no longer be changed',
  draw_not_allowed: 'A draw is not possible in a knockout match: enter a winner',
  forfeit_not_in_match: 'The participant who forfeits must be one of this match',
  same_result: 'This is the result reported: confirm it instead of disputing it',
  nothing_to_decide: 'This match has no disputed result to decide',
  no_disputed_result:
    'This dispute gave no result of its own: accept the reported one or enter the result',
  scores_from_matches:
    'This contest ranks by its matches: scores come from the bracket and cannot be entered',
} as const;

// ---------------------------------------------------------------------------------------------
// Setup (the wizards' step 2, the edit dialog) and check-in.

/** The refusal of a change of format, mode or settings once the bracket exists (reason bracket_exists). */
export const BRACKET_EXISTS_MESSAGE = 'The bracket is generated: its format can no longer change';

/** The check-in refusals' words (the window's times are added where they are known). */
export const CHECK_IN_MESSAGES = {
  off: 'This contest has no check-in',
  notParticipant: 'Only participants of this contest can check in',
  notOpenYet: 'Check-in has not opened yet',
  closed: 'Check-in has closed',
} as const;
