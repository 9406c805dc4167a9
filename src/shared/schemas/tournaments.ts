// Tournaments (issue 19): a contest's format settings (the wizards' step 2, the edit dialog and
// the server validate them with the same schema), the requests of the bracket, match, check-in
// and team procedures, and the answers the bracket screens render.
import { z } from 'zod';
import { ZDisputedSide, ZMatchId, ZParticipantId, ZReportedSide } from './tournamentReports';
import {
  CHECK_IN_MINUTES_MAX,
  DEFAULT_POINTS,
  ELIMINATION_TYPES,
  GRAND_FINAL_TYPES,
  GROUP_SIZE_MAX,
  GROUP_SIZE_MIN,
  MATCH_RESULTS,
  MATCH_STATUSES,
  POINTS_MAX,
  REPORT_STATES,
  SEEDING_RULES,
  SWISS_ROUNDS_MAX,
  TEAM_SIZE_MAX,
  TOURNAMENT_SYSTEMS,
  BRACKET_PARTS,
  hasBracket,
} from '../tournaments';
import { CONTEST_FORMATS, type ContestFormat, type ContestStatus } from '../contests';
import { BEST_OF_VALUES, FINALS_SAME } from '../bestOf';
import { ZContestId } from './contestId';

const wholeIn = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} is required` })
    .int(`${label} is a whole number`)
    .min(min, `${label} is at least ${min}`)
    .max(max, `${label} is at most ${max}`);

// ---------------------------------------------------------------------------------------------
// Format settings: one flat object (easy for a form), each field read by the formats it concerns.
// Stored as JSON on the contest; a contest without any reads the defaults.

export const ZTournamentSettingsShape = z.object({
  /** knockout (and the knockout stage of a group tournament) */
  elimination: z.enum(ELIMINATION_TYPES, { error: 'Choose single or double elimination' }),
  thirdPlaceMatch: z.boolean({ error: 'Choose whether there is a third-place match' }),
  grandFinal: z.enum(GRAND_FINAL_TYPES, { error: 'Choose a grand final' }),
  /** league: each pair meets once (1) or home and away (2) */
  legs: wholeIn('Legs', 1, 2),
  pointsWin: wholeIn('Points for a win', 0, POINTS_MAX),
  pointsDraw: wholeIn('Points for a draw', 0, POINTS_MAX),
  pointsLoss: wholeIn('Points for a loss', 0, POINTS_MAX),
  /** tournament: groups then knockout, or Swiss */
  system: z.enum(TOURNAMENT_SYSTEMS, { error: 'Choose groups or Swiss' }),
  groupSize: wholeIn('Group size', GROUP_SIZE_MIN, GROUP_SIZE_MAX),
  advancePerGroup: wholeIn('Players advancing per group', 1, GROUP_SIZE_MAX - 1),
  swissRounds: wholeIn('Swiss rounds', 1, SWISS_ROUNDS_MAX),
  /** every bracket format */
  /** Games per match: best of 1, 3, 5 or 7 (a longer match is reported game by game). */
  bestOf: z
    .number({ error: 'Choose best of 1, 3, 5 or 7' })
    .refine((v) => (BEST_OF_VALUES as readonly number[]).includes(v), {
      message: 'Choose best of 1, 3, 5 or 7',
    }),
  /** The final rounds' own best-of (a final, grand final, third-place match); 0: as the others. */
  finalsBestOf: z
    .number({ error: 'Choose best of 1, 3, 5 or 7 for the finals, or the same as the others' })
    .refine((v) => v === FINALS_SAME || (BEST_OF_VALUES as readonly number[]).includes(v), {
      message: 'Choose best of 1, 3, 5 or 7 for the finals, or the same as the others',
    }),
  /** Minutes before the start in which participants check in; 0: no check-in. */
  checkInMinutes: wholeIn('Check-in window', 0, CHECK_IN_MINUTES_MAX),
  /** Whether the two participants may report their own match (the opponent confirms). */
  selfReport: z.boolean({ error: 'Choose whether participants report their matches' }),
  /** Whether the bracket is generated at the start when the organiser has not. */
  autoGenerate: z.boolean({ error: 'Choose whether the bracket is generated at the start' }),
  /** team mode */
  teamMin: wholeIn('Minimum team size', 1, TEAM_SIZE_MAX),
  teamMax: wholeIn('Maximum team size', 1, TEAM_SIZE_MAX),
});

export const DEFAULT_TOURNAMENT_SETTINGS: TTournamentSettings = {
  elimination: 'single',
  thirdPlaceMatch: false,
  grandFinal: 'simple',
  legs: 1,
  pointsWin: DEFAULT_POINTS.win,
  pointsDraw: DEFAULT_POINTS.draw,
  pointsLoss: DEFAULT_POINTS.loss,
  system: 'groups',
  groupSize: 4,
  advancePerGroup: 2,
  swissRounds: 5,
  bestOf: 1,
  finalsBestOf: FINALS_SAME,
  checkInMinutes: 0,
  selfReport: false,
  autoGenerate: true,
  teamMin: 2,
  teamMax: 5,
};

function settingsRules(
  value: Partial<z.infer<typeof ZTournamentSettingsShape>>,
  ctx: z.RefinementCtx,
) {
  if (
    value.groupSize !== undefined &&
    value.advancePerGroup !== undefined &&
    value.advancePerGroup >= value.groupSize
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['advancePerGroup'],
      message: 'Fewer players than the group size advance from each group',
    });
  }
  if (value.teamMin !== undefined && value.teamMax !== undefined && value.teamMin > value.teamMax) {
    ctx.addIssue({
      code: 'custom',
      path: ['teamMax'],
      message: 'The maximum team size is at least the minimum',
    });
  }
  if (
    value.pointsWin !== undefined &&
    value.pointsDraw !== undefined &&
    value.pointsLoss !== undefined &&
    !(value.pointsWin >= value.pointsDraw && value.pointsDraw >= value.pointsLoss)
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['pointsDraw'],
      message: 'A win is worth at least a draw, and a draw at least a loss',
    });
  }
}

/** Whole settings (what is stored and answered). */
export const ZTournamentSettings = ZTournamentSettingsShape.superRefine(settingsRules);
export type TTournamentSettings = z.infer<typeof ZTournamentSettingsShape>;

/** Settings as a form or request sends them: any subset, the rest from the defaults. */
export const ZTournamentSettingsInput =
  ZTournamentSettingsShape.partial().superRefine(settingsRules);
export type TTournamentSettingsInput = z.infer<typeof ZTournamentSettingsInput>;

/** A contest's settings with the defaults filled in (stored JSON may be null or partial). */
export function tournamentSettingsOf(
  stored: Partial<TTournamentSettings> | null | undefined,
): TTournamentSettings {
  return { ...DEFAULT_TOURNAMENT_SETTINGS, ...(stored ?? {}) };
}

interface CheckInContest {
  format: ContestFormat;
  tournament: Partial<TTournamentSettings> | null;
  startDate: Date | null;
}

/**
 * A bracket contest's check-in window [opensAt, closesAt), closesAt being its start; null when it
 * has none (an `open` contest, a window of 0 minutes, no start date yet).
 */
export function checkInWindow(contest: CheckInContest): { opensAt: Date; closesAt: Date } | null {
  const minutes = tournamentSettingsOf(contest.tournament).checkInMinutes;
  if (!hasBracket(contest.format) || minutes <= 0 || !contest.startDate) return null;
  return {
    opensAt: new Date(contest.startDate.getTime() - minutes * 60_000),
    closesAt: contest.startDate,
  };
}

/**
 * Whether participants may check in at `now`: inside the window of a running contest whose
 * bracket is not generated yet (seeding has read who checked in). The check-in card and the
 * metrics both ask this.
 */
export function isCheckInOpen(
  contest: CheckInContest & { status: ContestStatus; bracketGeneratedAt: Date | null },
  now: number,
): boolean {
  const window = checkInWindow(contest);
  return (
    !!window &&
    contest.status === 'active' &&
    !contest.bracketGeneratedAt &&
    now >= window.opensAt.getTime() &&
    now < window.closesAt.getTime()
  );
}

// ---------------------------------------------------------------------------------------------
// Requests

// Reports, disputes and decisions of matches, and both sides of a dispute as answered, are
// tournamentReports.ts (this file would pass 500 lines); they are exported here too.
export {
  DISPUTE_SIDES,
  ZDecideMatchInput,
  ZDisputeMatchInput,
  ZDisputedSide,
  ZMatchId,
  ZMatchRef,
  ZMatchReport,
  ZParticipantId,
  ZReportMatchInput,
  ZReportedSide,
  type TDecideMatchInput,
  type TDisputeMatchInput,
  type TDisputedSide,
  type TReportMatchInput,
  type TReportedSide,
} from './tournamentReports';

export const ZContestRef = z.object({ contestId: ZContestId });

export const ZGenerateBracketInput = z.object({
  contestId: ZContestId,
  seeding: z.enum(SEEDING_RULES, { error: 'Choose random, score or manual seeding' }),
  /** For manual seeding: every participant id once, best seed first. */
  order: z.array(ZParticipantId).max(10_000, 'Too many participants').optional(),
  /** Regenerating an existing bracket (allowed until the first result) must say so. */
  regenerate: z.boolean().optional(),
});
export type TGenerateBracketInput = z.infer<typeof ZGenerateBracketInput>;

export const ZScheduleMatchInput = z.object({
  matchId: ZMatchId,
  scheduledAt: z.coerce.date({ error: 'Give a valid date and time' }).nullable(),
});

export const ZMatchesInput = z.object({
  contestId: ZContestId,
  status: z.enum(MATCH_STATUSES, { error: 'Unknown match status' }).optional(),
  mine: z.boolean().optional(),
});

// ---------------------------------------------------------------------------------------------
// Answers

/** One side of a match: null is a BYE; `id` null is a place still to be decided ('TBD'). */
export const ZMatchSlot = z.object({
  id: z.number().int().nullable(),
  name: z.string().nullable(),
  score: z.number().nullable(),
  result: z.enum(MATCH_RESULTS).nullable(),
  forfeit: z.boolean(),
  /** Team mode: the team's id (for its page). */
  teamId: z.number().int().nullable(),
  /** Disqualified by an organiser (issue 29): shown as 'DQ'; absent means not. */
  disqualified: z.boolean().optional(),
});
export type TMatchSlot = z.infer<typeof ZMatchSlot>;

export const ZMatch = z.object({
  id: z.number().int(),
  contestId: z.number().int(),
  part: z.enum(BRACKET_PARTS),
  /** Round number inside its part, and a name for it ('Quarter-finals', 'Round 3'). */
  round: z.number().int(),
  roundName: z.string(),
  /** Group number (groups stage), else null. */
  group: z.number().int().nullable(),
  number: z.number().int(),
  status: z.enum(MATCH_STATUSES),
  participants: z.tuple([ZMatchSlot.nullable(), ZMatchSlot.nullable()]),
  scheduledAt: z.date().nullable(),
  /** Games per match (best of N): a longer match is reported game by game. */
  bestOf: z.number().int(),
  report: z.object({
    state: z.enum(REPORT_STATES),
    /** A participant's report: waiting for the opponent, or beside their dispute. */
    reported: ZReportedSide.nullable(),
    /** The opponent's dispute of it: their own result and reason. */
    disputed: ZDisputedSide.nullable(),
  }),
  /** What the caller may do with it. */
  canReport: z.boolean(),
  canConfirm: z.boolean(),
});
export type TMatch = z.infer<typeof ZMatch>;

export const ZBracketRound = z.object({
  number: z.number().int(),
  name: z.string(),
  matches: z.array(ZMatch),
});
export const ZBracketGroup = z.object({
  part: z.enum(BRACKET_PARTS),
  /** 'Upper bracket', 'Lower bracket', 'Grand final', 'Group A', 'Swiss'. */
  name: z.string(),
  number: z.number().int(),
  rounds: z.array(ZBracketRound),
});
export const ZBracketStage = z.object({
  number: z.number().int(),
  name: z.string(),
  type: z.enum(['single_elimination', 'double_elimination', 'round_robin', 'swiss']),
  groups: z.array(ZBracketGroup),
});

export const ZStandingsRow = z.object({
  rank: z.number().int(),
  participantId: z.number().int(),
  name: z.string(),
  teamId: z.number().int().nullable(),
  played: z.number().int(),
  won: z.number().int(),
  drawn: z.number().int(),
  lost: z.number().int(),
  for: z.number().int(),
  against: z.number().int(),
  difference: z.number().int(),
  points: z.number().int(),
  /** Swiss: the sum of the opponents' points. */
  buchholz: z.number().int().nullable(),
  /** Disqualified by an organiser (issue 29): shown as 'DQ'; absent means not. */
  disqualified: z.boolean().optional(),
});
export type TStandingsRow = z.infer<typeof ZStandingsRow>;
export const ZStandings = z.object({
  contestId: z.number().int(),
  tieBreakers: z.array(z.string()),
  groups: z.array(z.object({ name: z.string(), rows: z.array(ZStandingsRow) })),
});
export type TStandings = z.infer<typeof ZStandings>;

/** Final placement once the last match ends (ties where the format has them). */
export const ZPlacement = z.object({
  participantId: z.number().int(),
  name: z.string(),
  teamId: z.number().int().nullable(),
  place: z.number().int(),
  /** Disqualified by an organiser (issue 29): shown as 'DQ'; absent means not. */
  disqualified: z.boolean().optional(),
});

export const ZBracket = z.object({
  contestId: z.number().int(),
  format: z.enum(CONTEST_FORMATS),
  settings: ZTournamentSettingsShape,
  /** False until generated; then the stages in order. */
  generated: z.boolean(),
  /** Whether the caller is the organiser (creator, moderator or admin). */
  isOrganiser: z.boolean(),
  /** Whether it can still be regenerated (no result yet). */
  canRegenerate: z.boolean(),
  stages: z.array(ZBracketStage),
  /** Set when the last match has ended. */
  placement: z.array(ZPlacement).nullable(),
});
export type TBracket = z.infer<typeof ZBracket>;

/** A member's next match anywhere (dashboard) or in one contest (contest page). */
export const ZNextMatch = ZMatch.extend({
  contestTitle: z.string(),
  contestSlug: z.string(),
  /** The caller's side (0 or 1). */
  side: z.number().int(),
});
export type TNextMatch = z.infer<typeof ZNextMatch>;

// ---------------------------------------------------------------------------------------------
// Added by the engine

/** What generating a bracket answers. */
export const ZGenerateBracketResponse = z.object({
  contestId: z.number().int(),
  generatedAt: z.date(),
  /** How many participants were seeded. */
  participants: z.number().int(),
});
export type TGenerateBracketResponse = z.infer<typeof ZGenerateBracketResponse>;

/** A disputed match in the moderators' queue, with its contest. */
export const ZDisputedMatch = ZMatch.extend({
  contestTitle: z.string(),
  contestSlug: z.string(),
});
export type TDisputedMatch = z.infer<typeof ZDisputedMatch>;

/** A bracket's live news: read it again. */
export const ZBracketChange = z.object({ contestId: z.number().int(), version: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Setup: which settings a contest's format asks for (the wizards' step 2 and the edit dialog show
// these and nothing else; `open` asks none), and check-in.

export type TournamentSettingKey = keyof TTournamentSettings;

/**
 * The settings the form asks for a format and mode, given the choices already made (single
 * elimination asks for a third-place match, double for its grand final; groups ask for their
 * size and how many advance, Swiss for its rounds). Every bracket format asks for check-in,
 * self-reporting and generation at the start; team mode for the team size.
 */
export function askedTournamentSettings(
  format: string,
  mode: string,
  settings: { elimination?: string; system?: string } = {},
): TournamentSettingKey[] {
  const keys: TournamentSettingKey[] = [];
  if (format === 'knockout') {
    keys.push('elimination');
    keys.push((settings.elimination ?? 'single') === 'double' ? 'grandFinal' : 'thirdPlaceMatch');
  } else if (format === 'league') {
    keys.push('legs', 'pointsWin', 'pointsDraw', 'pointsLoss');
  } else if (format === 'tournament') {
    keys.push('system');
    if ((settings.system ?? 'groups') === 'swiss') keys.push('swissRounds');
    else keys.push('groupSize', 'advancePerGroup');
  }
  if (format === 'knockout' || format === 'league' || format === 'tournament') {
    keys.push('bestOf');
    // Final rounds exist where a knockout does (not in a league or Swiss).
    if (
      format === 'knockout' ||
      ((settings.system ?? 'groups') === 'groups' && format === 'tournament')
    ) {
      keys.push('finalsBestOf');
    }
    keys.push('checkInMinutes', 'selfReport', 'autoGenerate');
  }
  if (mode === 'team') keys.push('teamMin', 'teamMax');
  return keys;
}

/**
 * Settings as a form holds them, read as numbers where they are digits (a select gives '2'); an
 * emptied number input stays '' and is refused with the field's own 'is required'.
 */
export const ZTournamentSettingsForm = z.preprocess((value) => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      typeof v === 'string' && /^\s*\d{1,6}\s*$/.test(v) ? Number(v) : v,
    ]),
  );
}, ZTournamentSettingsInput);

/** Where the caller stands with a contest's check-in (the contest page's card). */
export const ZCheckInStatus = z.object({
  contestId: z.number().int(),
  /** False for `open` contests and a window of 0 minutes. */
  enabled: z.boolean(),
  /** The window [opensAt, closesAt): closesAt is the start. Null when there is none. */
  opensAt: z.date().nullable(),
  closesAt: z.date().nullable(),
  /** Whether the window is open now. */
  open: z.boolean(),
  /** Whether the caller takes part (only participants check in). */
  participant: z.boolean(),
  checkedInAt: z.date().nullable(),
  checkedIn: z.number().int(),
  participants: z.number().int(),
  /** Organisers (creator, moderators, admins) see who checked in; null for everyone else. */
  roster: z
    .array(z.object({ participantId: z.number().int(), name: z.string(), checkedInAt: z.date() }))
    .nullable(),
});
export type TCheckInStatus = z.infer<typeof ZCheckInStatus>;

/** A check-in or its undo: the caller's state afterwards. */
export const ZCheckInResult = z.object({
  contestId: z.number().int(),
  checkedInAt: z.date().nullable(),
  checkedIn: z.number().int(),
});
export type TCheckInResult = z.infer<typeof ZCheckInResult>;
