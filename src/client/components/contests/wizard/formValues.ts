// The wizard's form values (what the inputs hold: text, numbers from number inputs, '' for
// empty) and their conversions: from a stored contest (resuming a draft), to a draft save, to a
// submission. Pure TypeScript, so the server project's tests can run it.
import type { TContest, TSaveDraftRequest } from '../../../../shared/schemas/contests';
import { ZSaveDraftRequestSchema } from '../../../../shared/schemas/contests';
import {
  DEFAULT_TOURNAMENT_SETTINGS,
  askedTournamentSettings,
  type TTournamentSettings,
} from '../../../../shared/schemas/tournaments';
import type { PrizeTableValues } from '../prizes/prizeTableValues';
import {
  initialEvaluationValues,
  type EvaluationFormValues,
} from '../../submissions/evaluationForm';
import type { ScoringKind } from '../../../../shared/schemas/trading';
import { initialTradingRulesValues, type TradingRulesFormValues } from '../../trading/rulesForm';

/**
 * The format's settings as the inputs hold them: a number input's number ('' while empty), a
 * select's text ('2'), a checkbox's boolean.
 */
export type TournamentFormValues = {
  [K in keyof TTournamentSettings]: TTournamentSettings[K] extends number
    ? number | string
    : TTournamentSettings[K];
};

export interface WizardValues {
  title: string;
  category: string;
  shortDescription: string;
  coverImage: string;
  mode: string;
  /** A number input: a number, or '' while empty. */
  maxParticipants: number | '';
  format: string;
  /** A select's text ('2'), or the stored number when a draft is resumed. */
  scoreDecimals: number | string;
  scoreOrder: string;
  /** Every setting (the defaults until changed); the form shows and sends those its format asks. */
  tournament: TournamentFormValues;
  /** datetime-local values ('2026-06-12T10:00', local time), '' while empty. */
  registrationDeadline: string;
  startDate: string;
  endDate: string;
  participationType: string;
  requiredTier: string;
  /** A number input, or the stored text when a draft is resumed. */
  entryFee: number | string;
  prize: string;
  /**
   * A submission contest's evaluation settings as the panel's fields hold them (issue 31), sent
   * with the contest when its format is `submission`. A draft saved on the server does not keep
   * them; the browser copy does.
   */
  evaluation: EvaluationFormValues;
  /**
   * How an Open contest is scored (issue 34): '' until chosen (then scoringOf reads a forex
   * contest as 'trading'). A draft saved on the server does not keep it; the browser copy does.
   */
  scoring: ScoringKind | '';
  /** The trading rules as their fields hold them, set with trading.setRules once created. */
  trading: TradingRulesFormValues;
  /** The prize table (issue 30), null for none; a draft saved on the server does not keep it. */
  prizeTable: PrizeTableValues | null;
  description: string;
  externalLink: string;
  pdfGuide: string;
  enableLeaderboard: boolean;
  enableComments: boolean;
  /** The discussion's 'open discussion' switch, asked only while comments are on. */
  openDiscussion: boolean;
  /** The admin wizard's Admin Settings; the member wizard never sends them. */
  status: string;
  featured: boolean;
}

export type WizardField = keyof WizardValues;

export const EMPTY_VALUES: WizardValues = {
  title: '',
  category: '',
  shortDescription: '',
  coverImage: '',
  mode: '',
  maxParticipants: '',
  format: '',
  // Selects without an empty choice: a browser copy from before they existed reads as these.
  scoreDecimals: 0,
  scoreOrder: 'higher',
  tournament: { ...DEFAULT_TOURNAMENT_SETTINGS },
  evaluation: initialEvaluationValues(null),
  scoring: '',
  trading: initialTradingRulesValues(null),
  registrationDeadline: '',
  startDate: '',
  endDate: '',
  participationType: '',
  requiredTier: '',
  entryFee: '',
  prize: '',
  prizeTable: null,
  description: '',
  externalLink: '',
  pdfGuide: '',
  enableLeaderboard: true,
  enableComments: true,
  openDiscussion: false,
  status: '',
  featured: false,
};

/** A date as a datetime-local input shows it: local time, to the minute. */
export function toLocalInput(date: Date | null | undefined): string {
  if (!date || Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** A stored contest (a draft being resumed) as the wizard's values, over the wizard's defaults. */
export function valuesFromContest(contest: TContest, base: WizardValues): WizardValues {
  return {
    ...base,
    title: contest.title,
    category: contest.category,
    shortDescription: contest.shortDescription ?? '',
    coverImage: contest.coverImage ?? '',
    mode: contest.mode,
    maxParticipants: contest.maxParticipants,
    format: contest.format,
    scoreDecimals: contest.scoreDecimals,
    scoreOrder: contest.scoreOrder,
    tournament: { ...DEFAULT_TOURNAMENT_SETTINGS, ...contest.tournament },
    registrationDeadline: toLocalInput(contest.registrationDeadline),
    startDate: toLocalInput(contest.startDate),
    endDate: toLocalInput(contest.endDate),
    participationType: contest.participationType,
    requiredTier: contest.requiredTier,
    entryFee: contest.entryFee ?? '',
    prize: contest.prize ?? '',
    description: contest.description ?? '',
    externalLink: contest.externalLink ?? '',
    pdfGuide: contest.pdfGuide ?? '',
    enableLeaderboard: contest.enableLeaderboard,
    enableComments: contest.enableComments,
    openDiscussion: contest.openDiscussion,
  };
}

/**
 * The settings a form with this format and mode asks for, and only those (askedTournamentSettings):
 * what is validated and sent. A value typed for another format and then left behind is neither.
 */
export function askedSettingsOf(values: {
  format: string;
  mode: string;
  tournament: TournamentFormValues;
}): Partial<TournamentFormValues> {
  const keys = askedTournamentSettings(values.format, values.mode, values.tournament);
  return Object.fromEntries(keys.map((key) => [key, values.tournament[key]]));
}

/** The values with only the asked settings (what a step's schema and Submit read). */
export function withAskedSettings<
  T extends { format: string; mode: string; tournament: TournamentFormValues },
>(values: T): Omit<T, 'tournament'> & { tournament: Partial<TournamentFormValues> } {
  return { ...values, tournament: askedSettingsOf(values) };
}

type DraftField = Exclude<keyof TSaveDraftRequest, 'id'>;
const DRAFT_FIELDS = Object.keys(ZSaveDraftRequestSchema.shape).filter(
  (key): key is DraftField => key !== 'id',
);

/**
 * What a draft save sends: every field that is valid by the draft rules (an empty one clears
 * it), parsed as the server will read it (datetime-local text becomes a Date here, in the
 * browser's time zone). A field that is filled but invalid is left out, so the saved draft keeps
 * its previous value, and named in `skipped`.
 */
export function draftPayload(values: WizardValues): {
  payload: Omit<TSaveDraftRequest, 'id'>;
  skipped: DraftField[];
} {
  const payload: Record<string, unknown> = {};
  const skipped: DraftField[] = [];
  for (const key of DRAFT_FIELDS) {
    // A fee belongs to paid contests only; the server clears it for the others anyway.
    const raw =
      key === 'entryFee' && values.participationType !== 'paid'
        ? ''
        : key === 'tournament'
          ? askedSettingsOf(values)
          : values[key];
    const parsed = ZSaveDraftRequestSchema.shape[key].safeParse(raw);
    if (parsed.success) payload[key] = parsed.data ?? null;
    else skipped.push(key);
  }
  return { payload: payload as Omit<TSaveDraftRequest, 'id'>, skipped };
}
