// Sends a CSV of username,score to POST /api/contests/{id}/scores/csv (src/server/http/
// scoresImport.ts): the whole file in one request and one transaction, all or nothing. A file
// with bad lines stores nothing and comes back with each of them, by line of the file, so the
// organiser fixes the file and imports it again. (A fetch outside tRPC, as uploadFile.ts: the
// file goes as multipart, the way a 100,000-line file is applied in about a second.)
import type { ScoreRefusal } from '../../../shared/leaderboard';

export interface ReportLine {
  /** 1-based line of the file. */
  line: number;
  /** The username, or the start of the line when it could not be read as username,score. */
  username: string;
  reason: ScoreRefusal;
  message: string;
}

export type ScoreReport =
  | { stored: true; updated: number }
  | {
      stored: false;
      /** The server's summary: 'One line of the file is refused; no score was stored'. */
      message: string;
      /** The refused lines listed (the first ones, when there are very many). */
      refused: ReportLine[];
      /** How many lines were refused in all. */
      total: number;
    };

interface RefusedAnswer {
  message?: string;
  reason?: string;
  details?: { refused?: number };
  lines?: ReportLine[];
}

/** The report of an import from the server's answer; other failures throw their message. */
export function reportOf(status: number, body: unknown): ScoreReport {
  if (status === 200 && typeof (body as { updated?: unknown })?.updated === 'number') {
    return { stored: true, updated: (body as { updated: number }).updated };
  }
  const answer = (body ?? {}) as RefusedAnswer;
  if (status === 400 && answer.reason === 'bad_lines' && Array.isArray(answer.lines)) {
    return {
      stored: false,
      message: answer.message ?? 'Some lines of the file are refused; no score was stored',
      refused: answer.lines,
      total: answer.details?.refused ?? answer.lines.length,
    };
  }
  throw new Error(answer.message || 'Failed to import the scores');
}

export async function uploadScoresCsv(contestId: number, text: string): Promise<ScoreReport> {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/csv' }), 'scores.csv');
  const res = await fetch(`/api/contests/${contestId}/scores/csv`, {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
  });
  return reportOf(res.status, await res.json().catch(() => null));
}
