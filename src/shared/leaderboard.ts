// Leaderboards (PRODUCT.md 'Taking part', SPEC 2.8): the score rules, the CSV of username,score
// that the contest page pastes or uploads, and the reasons a score line is refused. The client
// parses the file with parseScoresCsv and shows its per-line report; the server checks the same
// rules again (and which usernames are participants) in leaderboard.setScores.

/** Scores are whole points; anything beyond this is a typo, not a result. */
export const SCORE_LIMIT = 1_000_000_000;

/**
 * At most this many scores per setScores call, so a request stays under the 100 KB body limit
 * even with the longest usernames; a larger file is sent in chunks of this size.
 */
export const SCORES_PER_CALL = 500;

export const USERNAME_MAX = 50;

/**
 * Why one score line is refused:
 * - bad_line: not two fields (username,score) — CSV only;
 * - bad_score: not a whole number within ±SCORE_LIMIT;
 * - unknown_user: no member has that username;
 * - not_participant: that member has not joined the contest;
 * - duplicate: the username comes again further down, and the later line counts.
 */
export const SCORE_REFUSALS = [
  'bad_line',
  'bad_score',
  'unknown_user',
  'not_participant',
  'duplicate',
] as const;
export type ScoreRefusal = (typeof SCORE_REFUSALS)[number];

export const SCORE_MESSAGES: Record<ScoreRefusal, string> = {
  bad_line: 'Expected two values: username,score.',
  bad_score: `The score must be a whole number between -${SCORE_LIMIT} and ${SCORE_LIMIT}.`,
  unknown_user: 'No member has this username.',
  not_participant: 'This member has not joined the contest.',
  duplicate: 'This member is listed again further down; the later score was used.',
};

/** A score as typed or sent: a whole number within the limit, else null. */
export function parseScore(value: unknown): number | null {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^\s*[+-]?\d{1,10}\s*$/.test(value)) n = Number(value);
  else return null;
  return Number.isSafeInteger(n) && Math.abs(n) <= SCORE_LIMIT ? n : null;
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
export function parseScoresCsv(text: string): { rows: CsvScoreRow[]; problems: CsvProblem[] } {
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
      problems.push({ line, text: raw.slice(0, 200), reason, message: SCORE_MESSAGES[reason] });
    if (fields.length !== 2 || !fields[0] || fields[0].length > USERNAME_MAX) {
      problem('bad_line');
      return;
    }
    const score = parseScore(fields[1]);
    if (score === null) {
      problem('bad_score');
      return;
    }
    rows.push({ line, username: fields[0], score });
  });
  return { rows, problems };
}
