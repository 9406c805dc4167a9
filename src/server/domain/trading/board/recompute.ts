// Every entrant's latest statement scored again (issue 34: 'recomputed whenever a rule
// changes'), after a rule change or a move of the contest's dates: each parsed statement read
// from its private file and scored in the statement worker, outside any transaction; then one
// short transaction writes the figures and the places. A statement whose row was scored again
// meanwhile (its rulesVersion moved) is left as it is, and if the rules themselves changed
// meanwhile nothing is written: that change's own recompute follows with the newer rules.
import { and, eq } from 'drizzle-orm';
import type { DB } from '../../../platform/db/client';
import { contests, tradingStatements as ts } from '../../../platform/db/schema';
import { lockContest } from '../../participation';
import { readParsedStatement } from '../parsedStore';
import { storedRules } from '../rulesRow';
import { scoreInWorker } from '../statements';
import type { ScoredStatement } from '../figures';
import { scoredColumns } from '../scoredColumns';
import { isLatest } from './latest';
import { placeTraders } from './places';
import { scoringWindow } from './window';

/** Statements per worker task: a board of thousands is not one message of hundreds of MB. */
const BATCH = 50;

interface Rescored {
  id: number;
  rulesVersion: number;
  scored: ScoredStatement;
}

/** Answers how many statements were written again. */
export async function recomputeTraders(
  db: DB,
  privateDir: string,
  contestId: number,
): Promise<number> {
  const [contest] = await db
    .select({ startDate: contests.startDate, endDate: contests.endDate })
    .from(contests)
    .where(eq(contests.id, contestId));
  const stored = await storedRules(db, contestId);
  if (!contest || !stored) return 0;
  // Every latest statement, rejected ones too: an organiser may still approve one.
  const latest = await db
    .select({ id: ts.id, storedFile: ts.storedFile, rulesVersion: ts.rulesVersion })
    .from(ts)
    .where(and(eq(ts.contestId, contestId), isLatest(db)));
  const window = scoringWindow(contest);
  const rescored: Rescored[] = [];
  for (let i = 0; i < latest.length; i += BATCH) {
    const batch = latest.slice(i, i + BATCH);
    const read = await Promise.allSettled(
      batch.map((row) => readParsedStatement(privateDir, row.storedFile)),
    );
    // A missing file (a restore without PRIVATE_DIR) keeps the figures it had.
    const present = batch.flatMap((row, k) => {
      const file = read[k]!;
      return file.status === 'fulfilled' ? [{ row, parsed: file.value }] : [];
    });
    if (!present.length) continue;
    const scored = await scoreInWorker({
      statements: present.map((p) => p.parsed),
      rules: stored.rules,
      window,
    });
    present.forEach((p, k) =>
      rescored.push({ id: p.row.id, rulesVersion: p.row.rulesVersion, scored: scored[k]! }),
    );
  }
  return db.transaction(async (tx) => {
    await lockContest(tx, contestId);
    const now = await storedRules(tx, contestId);
    if (now?.version !== stored.version) return 0;
    let written = 0;
    for (const { id, rulesVersion, scored } of rescored) {
      const done = await tx
        .update(ts)
        .set({
          ...scoredColumns(scored),
          rulesVersion: stored.version,
        })
        .where(and(eq(ts.id, id), eq(ts.rulesVersion, rulesVersion)))
        .returning({ id: ts.id });
      written += done.length;
    }
    await placeTraders(tx, contestId);
    return written;
  });
}
