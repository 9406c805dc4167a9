// One account in two entrants' statements of a contest (issue 34): both are flagged for the
// organiser. The other entrant's latest statement gets the flag too (and waits for the organiser
// again if it counted), inside the upload's transaction.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import {
  contestParticipants as cp,
  teams,
  tradingStatements as ts,
} from '../../platform/db/schema';
import type { StatementAccount } from '../../../shared/trading/statement';
import type { StatementFlag } from '../../../shared/trading/review';
import { isLatest, selectStatements } from './statementRows';
import { traderBoardChanged } from './boardSeam';

/** A statement without a server (MetaTrader 4 names none) may be of any server's account. */
const sameServer = (a: string | null, b: string | null) => a === null || b === null || a === b;

const accountText = (account: Pick<StatementAccount, 'number' | 'server'>) =>
  account.server ? `${account.number} (${account.server})` : account.number;

function duplicateFlag(account: Pick<StatementAccount, 'number' | 'server'>, names: string[]) {
  return {
    kind: 'duplicate_account',
    message: `The account ${accountText(account)} is also in the statement of ${names.join(', ')}`,
    tickets: [],
  } satisfies StatementFlag;
}

async function entrantName(db: DbOrTx, participantId: number): Promise<string> {
  const [row] = await db
    .select({
      team: teams.name,
      user: sql<string>`(SELECT u2.username FROM users u2 WHERE u2.id = ${cp.userId})`,
    })
    .from(cp)
    .leftJoin(teams, eq(teams.id, cp.teamId))
    .where(eq(cp.id, participantId));
  return row?.team ?? row?.user ?? 'another trader';
}

/**
 * Flags the other entrants' latest statements of the same account and answers this upload's own
 * flag (none when the account is no one else's).
 */
export async function flagDuplicates(
  tx: DbOrTx,
  upload: { contestId: number; participantId: number; account: StatementAccount },
): Promise<StatementFlag[]> {
  const others = (
    await selectStatements(tx).where(
      and(
        eq(ts.contestId, upload.contestId),
        eq(ts.accountNumber, upload.account.number),
        ne(ts.participantId, upload.participantId),
        isLatest,
      ),
    )
  ).filter((o) => sameServer(o.accountServer, upload.account.server));
  if (!others.length) return [];
  const mine = await entrantName(tx, upload.participantId);
  for (const other of others) {
    // A third entrant with the account adds their name to the flag already there.
    const earlier = other.flags.find((f) => f.kind === 'duplicate_account');
    const names = earlier?.message.includes(mine) ? null : [mine];
    if (!names && other.status !== 'counted') continue;
    const own = { number: other.accountNumber, server: other.accountServer };
    const flag = earlier
      ? { ...earlier, message: names ? `${earlier.message}, ${mine}` : earlier.message }
      : duplicateFlag(own, [mine]);
    await tx
      .update(ts)
      .set({
        flags: [...other.flags.filter((f) => f !== earlier), flag],
        status: other.status === 'counted' ? 'pending' : other.status,
      })
      .where(eq(ts.id, other.id));
  }
  await traderBoardChanged(tx, upload.contestId);
  return [
    duplicateFlag(
      upload.account,
      others.map((o) => o.teamName ?? o.traderName),
    ),
  ];
}
