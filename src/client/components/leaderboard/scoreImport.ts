// Sends a CSV of username,score to leaderboard.setScores (SPEC-less, PRODUCT.md 'Taking part'):
// read with the shared parser, a username listed twice counts once (its last line, as the server
// does within one call, here across the whole file), sent in calls of SCORES_PER_CALL, and told
// back as one report by line of the file.
import {
  parseScoresCsv,
  SCORE_MESSAGES,
  SCORES_PER_CALL,
  type CsvScoreRow,
  type ScoreRefusal,
} from '../../../shared/leaderboard';
import type { TSetScoresResponse } from '../../../shared/schemas/participation';

export interface ReportLine {
  /** 1-based line of the file. */
  line: number;
  /** The username, or the line's text when it could not be read as username,score. */
  username: string;
  reason: ScoreRefusal;
  message: string;
}

export interface ScoreReport {
  updated: number;
  refused: ReportLine[];
}

export type SendScores = (
  scores: { username: string; score: number }[],
) => Promise<TSetScoresResponse>;

// (Scores go as numbers: each is the double nearest its decimal, which prints back as exactly
// that decimal, so the server reads the same digits.)

/** Splits a list into runs of at most `size`. */
export function chunked<T>(items: readonly T[], size: number = SCORES_PER_CALL): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The rows to send (the last of each username) and the earlier lines that repeat one. */
export function lastOfEachUsername(rows: readonly CsvScoreRow[]): {
  kept: CsvScoreRow[];
  repeated: ReportLine[];
} {
  const last = new Map<string, number>();
  rows.forEach((row, i) => last.set(row.username.toLowerCase(), i));
  const kept: CsvScoreRow[] = [];
  const repeated: ReportLine[] = [];
  rows.forEach((row, i) => {
    if (last.get(row.username.toLowerCase()) === i) kept.push(row);
    else {
      repeated.push({
        line: row.line,
        username: row.username,
        reason: 'duplicate',
        message: SCORE_MESSAGES.duplicate,
      });
    }
  });
  return { kept, repeated };
}

/**
 * Reads the CSV and sends its rows, one call after another (a refused call stops the import
 * and throws; the calls before it stay applied). The report lists every refused line in file
 * order: unreadable lines, repeated usernames and the server's refusals.
 */
export async function importScoresCsv(
  text: string,
  send: SendScores,
  decimals?: number,
): Promise<ScoreReport> {
  const { rows, problems } = parseScoresCsv(text, decimals);
  const { kept, repeated } = lastOfEachUsername(rows);
  const refused: ReportLine[] = [
    ...problems.map((p) => ({
      line: p.line,
      username: p.text,
      reason: p.reason,
      message: p.message,
    })),
    ...repeated,
  ];
  let updated = 0;
  for (const part of chunked(kept)) {
    const answer = await send(part.map(({ username, score }) => ({ username, score })));
    updated += answer.updated;
    for (const r of answer.refused) {
      const row = part[r.index];
      refused.push({
        line: row?.line ?? 0,
        username: r.username,
        reason: r.reason,
        message: r.message,
      });
    }
  }
  refused.sort((a, b) => a.line - b.line);
  return { updated, refused };
}
