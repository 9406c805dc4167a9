// Leaderboards (PRODUCT.md 'Taking part', SPEC 2.8): the score rules, the CSV of username,score
// that the contest page pastes or uploads, and the reasons a score line is refused. The client
// parses the file with parseScoresCsv and shows its per-line report; the server checks the same
// rules again (and which usernames are participants) in leaderboard.setScores.
//
// Scores are exact decimals: each contest takes 0 to 4 decimals (`scoreDecimals`), read from
// text digit by digit (never through a float multiplication) and stored as an integer count of
// 1/10,000 (SCORE_SCALE). As numbers they are the nearest double of that decimal, which prints
// back as the same decimal (at most 14 significant digits), so JSON carries them unchanged.
import { SCORE_DECIMALS_MAX } from './contests';

/** Scores lie within ±SCORE_LIMIT; anything beyond this is a typo, not a result. */
export const SCORE_LIMIT = 1_000_000_000;

/** How many stored units make one point: scores are kept as integers of 1/SCORE_SCALE. */
export const SCORE_SCALE = 10 ** SCORE_DECIMALS_MAX;

/**
 * At most this many scores per setScores call, so a request stays under the 100 KB body limit
 * even with the longest usernames; a larger file is sent in chunks of this size.
 */
export const SCORES_PER_CALL = 500;

/**
 * A CSV file of scores uploaded in one request (POST /api/contests/:id/scores/csv) is applied
 * in one transaction: at most this many lines, and this many bytes (longest usernames included).
 */
export const CSV_LINES_MAX = 100_000;
export const CSV_BYTES_MAX = 8 * 1024 * 1024;
/** A refused file lists at most this many of its bad lines (the count says how many in all). */
export const CSV_PROBLEMS_LISTED = 1000;

export const USERNAME_MAX = 50;

/** How a score change was made, as the score history records it. */
export const SCORE_SOURCES = ['form', 'csv', 'rest'] as const;
export type ScoreSource = (typeof SCORE_SOURCES)[number];
export const SCORE_SOURCE_LABELS: Record<ScoreSource, string> = {
  form: 'Form',
  csv: 'CSV import',
  rest: 'REST API',
};

/**
 * Why one score line is refused:
 * - bad_line: not two fields (username,score) — CSV only;
 * - bad_score: not a number within ±SCORE_LIMIT;
 * - bad_decimals: more decimals than the contest takes;
 * - unknown_user: no member has that username;
 * - not_participant: that member has not joined the contest;
 * - duplicate: the username comes again further down, and the later line counts.
 */
export const SCORE_REFUSALS = [
  'bad_line',
  'bad_score',
  'bad_decimals',
  'unknown_user',
  'not_participant',
  'duplicate',
] as const;
export type ScoreRefusal = (typeof SCORE_REFUSALS)[number];

export const SCORE_MESSAGES: Record<ScoreRefusal, string> = {
  bad_line: 'Expected two values: username,score.',
  bad_score: `The score must be a number between -${SCORE_LIMIT} and ${SCORE_LIMIT}.`,
  bad_decimals: 'The score has more decimals than this contest takes.',
  unknown_user: 'No member has this username.',
  not_participant: 'This member has not joined the contest.',
  duplicate: 'This member is listed again further down; the later score was used.',
};

/** The message of a refusal for a contest taking `decimals` decimals (bad_decimals says how many). */
export function scoreMessage(reason: ScoreRefusal, decimals: number): string {
  if (reason !== 'bad_decimals') return SCORE_MESSAGES[reason];
  return decimals === 0
    ? 'This contest takes whole numbers only (no decimals).'
    : `This contest takes at most ${decimals} ${decimals === 1 ? 'decimal' : 'decimals'}.`;
}

/** A score's digits: sign, whole part, decimals (text as typed, or a number's shortest form). */
const SCORE_TEXT = /^([+-]?)(\d{1,10})(?:\.(\d{1,20}))?$/;

/**
 * A score as typed or sent, for a contest taking `decimals` decimals: the score, or why it is
 * refused. '12.50' is fine with 2 decimals and also with 1 (a trailing zero adds no precision).
 */
export function readScore(
  value: unknown,
  decimals: number = SCORE_DECIMALS_MAX,
): { score: number } | { refusal: 'bad_score' | 'bad_decimals' } {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { refusal: 'bad_score' };
    // The shortest text that reads back as this number: 0.1 is '0.1', 1e21 has an exponent.
    text = String(value);
  } else if (typeof value === 'string') text = value.trim();
  else return { refusal: 'bad_score' };
  const m = SCORE_TEXT.exec(text);
  if (!m) {
    // A number too precise to print without an exponent (1e-7) has too many decimals.
    return typeof value === 'number' && /e-/.test(text) && Math.abs(value) < 1
      ? { refusal: 'bad_decimals' }
      : { refusal: 'bad_score' };
  }
  const [, sign, whole, fraction = ''] = m;
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > Math.min(decimals, SCORE_DECIMALS_MAX)) {
    return { refusal: 'bad_decimals' };
  }
  const units =
    Number(whole) * SCORE_SCALE + Number(significant.padEnd(SCORE_DECIMALS_MAX, '0') || '0');
  if (units > SCORE_LIMIT * SCORE_SCALE) return { refusal: 'bad_score' };
  return { score: fromScoreUnits(sign === '-' && units !== 0 ? -units : units) };
}

/** A score as typed or sent, within the limit and the contest's decimals; else null. */
export function parseScore(value: unknown, decimals: number = SCORE_DECIMALS_MAX): number | null {
  const read = readScore(value, decimals);
  return 'score' in read ? read.score : null;
}

/** A score as the integer the database stores (exact: the score is within the limit). */
export function toScoreUnits(score: number): number {
  return Math.round(score * SCORE_SCALE);
}

/** The score an integer of stored units is: the nearest double of that decimal. */
export function fromScoreUnits(units: number): number {
  return units / SCORE_SCALE;
}

/**
 * A score shown with exactly the contest's decimals, digit by digit from its stored integer:
 * '1,250', '12.50', '-0.125'. Rounded half away from zero if it has more (never, once stored).
 */
export function formatScore(score: number, decimals: number): string {
  const d = Math.max(0, Math.min(SCORE_DECIMALS_MAX, Math.trunc(decimals)));
  const units = toScoreUnits(score);
  const step = 10 ** (SCORE_DECIMALS_MAX - d);
  const abs = Math.round(Math.abs(units) / step);
  const whole = Math.floor(abs / 10 ** d);
  const fraction = d ? `.${String(abs % 10 ** d).padStart(d, '0')}` : '';
  return `${units < 0 && abs !== 0 ? '-' : ''}${whole.toLocaleString('en-US')}${fraction}`;
}

/** '1,250 pts', '12.50 pts'; '-' before a score is entered. */
export function pointsText(score: number | null, decimals: number): string {
  return score === null ? '-' : `${formatScore(score, decimals)} pts`;
}

export interface CsvScoreRow {
  /** 1-based line of the file. */
  line: number;
  username: string;
  score: number;
}

export interface CsvProblem {
  line: number;
  text: string;
  reason: ScoreRefusal;
  message: string;
}

/** One CSV field: surrounding spaces dropped, one pair of double quotes removed ("a""b" -> a"b). */
function field(raw: string): string {
  const value = raw.trim();
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/""/g, '"').trim();
  }
  return value;
}

/** Splits a line at commas (or semicolons or tabs, as spreadsheets export), outside quotes. */
function splitLine(line: string): string[] {
  const separator = line.includes(',') ? ',' : line.includes(';') ? ';' : '\t';
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    if (ch === separator && !quoted) {
      fields.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  fields.push(current);
  return fields.map(field);
}

/**
 * Reads a CSV of `username,score` lines. A first line `username,score` (any case) is a header
 * and skipped; empty lines are skipped; every other line is a row or a problem with its reason.
 * Usernames are checked by the server (who exists, who takes part); scores here.
 */
export function parseScoresCsv(
  text: string,
  decimals: number = SCORE_DECIMALS_MAX,
): { rows: CsvScoreRow[]; problems: CsvProblem[] } {
  const rows: CsvScoreRow[] = [];
  const problems: CsvProblem[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (!raw.trim()) return;
    const fields = splitLine(raw);
    if (
      index === 0 &&
      fields.length === 2 &&
      fields[0]!.toLowerCase() === 'username' &&
      fields[1]!.toLowerCase() === 'score'
    ) {
      return;
    }
    const problem = (reason: ScoreRefusal) =>
      problems.push({
        line,
        text: raw.slice(0, 200),
        reason,
        message: scoreMessage(reason, decimals),
      });
    if (fields.length !== 2 || !fields[0] || fields[0].length > USERNAME_MAX) {
      problem('bad_line');
      return;
    }
    const read = readScore(fields[1], decimals);
    if ('refusal' in read) {
      problem(read.refusal);
      return;
    }
    rows.push({ line, username: fields[0], score: read.score });
  });
  return { rows, problems };
}
