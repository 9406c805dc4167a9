// A file's problems as a refusal carries them: `lines` ({ line, message }, the first 100) and
// `total`, the same on tRPC (error data.details) and REST (the body), and a short text of the
// first few for a submission that failed later (its `error`).
import type { AppErrorDetails } from '../../platform/errors';
import type { FileProblem } from './scoring';

export function problemDetails(refusal: {
  problems: readonly FileProblem[];
  total: number;
}): AppErrorDetails {
  return {
    lines: refusal.problems.map((p) => ({ line: p.line, message: p.message })),
    total: refusal.total,
  };
}

/** 'line 17: id 4411 appears twice; line 20: ... (and 38 more)' */
export function problemsText(refusal: { problems: readonly FileProblem[]; total: number }): string {
  const shown = refusal.problems.slice(0, 5);
  // Each message names its line already ('line 17: id 4411 appears twice'): never again here.
  const text = shown.map((p) => p.message).join('; ');
  const more = refusal.total - shown.length;
  return more > 0 ? `${text} (and ${more} more)` : text;
}
