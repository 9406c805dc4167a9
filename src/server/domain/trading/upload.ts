// A trader's statement upload (issue 34): parsed and scored in the worker under the contest's
// rules and window, the parsed statement kept as a private file, then checked (the ownership
// code in a comment, the account used by another entrant, tickets changed since the previous
// upload, the currency) and stored in one transaction with the other entrant's flag. It counts
// at once when proven and unflagged; otherwise it waits for the organiser ('pending').
import { desc, eq } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { tradingStatements as ts } from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { writeAudit } from '../audit';
import type { ParsedStatement } from '../../../shared/trading/statement';
import type { StatementFlag } from '../../../shared/trading/review';
import { STATEMENT_MESSAGES as M } from '../../../shared/schemas/tradingStatements';
import { MAX_STATEMENT_BYTES, StatementError, parseInWorker, scoreInWorker } from './statements';
import { readParsedStatement, removeParsedStatements, storeParsedStatement } from './parsedStore';
import { admitTrader, assertTakesStatements } from './statementAccess';
import { changedTickets, coversOf, currencyFlag, futureEntry } from './statementChecks';
import { scoredColumns } from './scoredColumns';
import { codeOf, holdsCode } from './ownershipCode';
import { flagDuplicates } from './duplicates';
import { traderBoardChanged } from './boardSeam';
import { storedRules } from './rulesRow';
import { scoringWindow } from './window';
import { contestDates } from './board/dates';
import type { TradingWindow } from './figures';
import { lockContest } from '../participation';
import type { TradingRules } from '../../../shared/trading/rules';

export interface SentStatement {
  bytes: Uint8Array;
  name: string;
}

/** The refusals asked before the file's bytes are read (the upload path asks them first). */
export async function admitStatement(db: DB, actor: Actor, contestId: number) {
  const admitted = await admitTrader(db, actor, contestId);
  const window = await assertTakesStatements(db, admitted.contest);
  return { ...admitted, window };
}

async function parsed(file: SentStatement): Promise<ParsedStatement> {
  if (file.bytes.length > MAX_STATEMENT_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', M.tooLarge(MAX_STATEMENT_BYTES / 1024 / 1024));
  }
  let statement: ParsedStatement;
  try {
    statement = await parseInWorker(file.bytes, file.name);
  } catch (error) {
    if (error instanceof StatementError) throw new AppError('bad_statement', error.message);
    throw error;
  }
  const future = futureEntry(statement, new Date());
  if (future) throw new AppError('bad_statement', M.future(future.what, future.when));
  return statement;
}

/** A rule change racing an upload is rare: scored again under the new rules at most this often. */
const RESCORES = 3;

/** The entrant's latest statement before this one (its parsed trades, for changed tickets). */
async function previousOf(db: DB, privateDir: string, participantId: number) {
  const [row] = await db
    .select({ storedFile: ts.storedFile })
    .from(ts)
    .where(eq(ts.participantId, participantId))
    .orderBy(desc(ts.id))
    .limit(1);
  return row ? readParsedStatement(privateDir, row.storedFile) : null;
}

/** The entrant's latest statement's disqualification by the organiser, if it is one. */
async function organiserDisqualified(tx: DbOrTx, participantId: number) {
  const [row] = await tx
    .select({ status: ts.status, reason: ts.reason })
    .from(ts)
    .where(eq(ts.participantId, participantId))
    .orderBy(desc(ts.id))
    .limit(1);
  return row?.status === 'disqualified' ? { reason: row.reason } : null;
}

/** What a statement is scored under: the rules (with their version) and the window. */
interface Terms {
  rules: TradingRules;
  rulesVersion: number;
  window: TradingWindow;
}

/** The terms as they hold now (in the upload's transaction, the contest locked). */
async function termsNow(tx: DbOrTx, contestId: number): Promise<Terms> {
  const [stored, dates] = [await storedRules(tx, contestId), await contestDates(tx, contestId)];
  // Rules are never removed and the contest is locked: both are there.
  return {
    rules: stored!.rules,
    rulesVersion: stored!.version,
    window: scoringWindow(dates!),
  };
}

const sameTerms = (a: Terms, b: Terms) =>
  a.rulesVersion === b.rulesVersion &&
  a.window.startsAt.getTime() === b.window.startsAt.getTime() &&
  a.window.endsAt.getTime() === b.window.endsAt.getTime();

/** Uploads the statement; answers the new row's id. */
export async function uploadStatement(
  { db, privateDir }: { db: DB; privateDir: string },
  actor: Actor,
  input: { contestId: number; file: SentStatement },
  admitted?: Awaited<ReturnType<typeof admitStatement>>,
): Promise<number> {
  const first = admitted ?? (await admitStatement(db, actor, input.contestId));
  const { contest, participantId } = first;
  const statement = await parsed(input.file);
  const code = await codeOf(db, contest.id, participantId);
  const previous = await previousOf(db, privateDir, participantId);
  const ownership = holdsCode(statement.comments, code) ? 'proven' : 'not_proven';
  const covers = coversOf(statement);
  const stored = await storeParsedStatement(privateDir, statement);
  let terms: Terms = first;
  try {
    for (let attempt = 1; ; attempt += 1) {
      const { rules, rulesVersion, window } = terms;
      const [scored] = await scoreInWorker({ statements: [statement], rules, window });
      const ownFlags = [
        previous && changedTickets(previous, statement),
        currencyFlag(statement.account, rules.currency),
      ].filter((f): f is StatementFlag => !!f);
      const written = await db.transaction(async (tx) => {
        // A rule or date change that committed while the file was scored: its recompute did not
        // see this row, so the row is scored again under what holds now.
        await lockContest(tx, contest.id);
        const now = await termsNow(tx, contest.id);
        if (attempt < RESCORES && !sameTerms(now, terms)) return { again: now, id: null };
        const flags = [
          ...ownFlags,
          ...(await flagDuplicates(tx, {
            contestId: contest.id,
            participantId,
            account: statement.account,
          })),
        ];
        // The organiser's disqualification is of the trader: a new upload does not lift it (the
        // organiser may still approve the new statement).
        const disqualified = await organiserDisqualified(tx, participantId);
        const status = disqualified
          ? 'disqualified'
          : ownership === 'proven' && !flags.length
            ? 'counted'
            : 'pending';
        const [row] = await tx
          .insert(ts)
          .values({
            contestId: contest.id,
            participantId,
            userId: actor.id,
            storedFile: stored,
            fileName: input.file.name.slice(0, 255) || 'statement',
            sizeBytes: input.file.bytes.length,
            format: statement.format,
            accountNumber: statement.account.number,
            accountServer: statement.account.server,
            currency: statement.account.currency,
            ownerName: statement.account.name,
            coversFrom: covers.from,
            coversTo: covers.to,
            ...scoredColumns(scored!),
            rulesVersion,
            ownership,
            flags,
            status,
            reason: disqualified?.reason ?? null,
          })
          .returning({ id: ts.id });
        await writeAudit({
          db: tx,
          actor,
          action: 'statement.upload',
          targetType: 'trading_statement',
          targetId: row!.id,
          after: {
            contestId: contest.id,
            participantId,
            account: statement.account,
            ownership,
            status,
            flags: flags.map((f) => f.kind),
          },
        });
        await traderBoardChanged(tx, contest.id);
        return { again: null, id: row!.id };
      });
      if (written.id !== null) return written.id;
      terms = written.again!;
    }
  } catch (error) {
    await removeParsedStatements(privateDir, [stored]);
    throw error;
  }
}
