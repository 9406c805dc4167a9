// Each entrant's one-time ownership code of a trading contest (`CP-7F3K9Q`): made on its first
// read, kept in trading_ownership_codes. A statement proves the account is the trader's when an
// order's or deal's comment holds it (a pending order placed and cancelled in the account).
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { tradingOwnershipCodes as codes } from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import { admitTrader } from './statementAccess';

/** No 0/O, 1/I/L, 2/Z, 5/S, 8/B: a code copied by hand into a terminal is copied right. */
const ALPHABET = '34679ACDEFGHJKMNPQRTUVWXY';
const LENGTH = 6;

export function newOwnershipCode(): string {
  let code = '';
  // crypto.randomInt has no modulo bias.
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return `CP-${code}`;
}

/** The entrant's code, made (and stored) when it has none yet. */
export async function codeOf(db: DbOrTx, contestId: number, participantId: number) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [stored] = await db
      .select({ code: codes.code })
      .from(codes)
      .where(eq(codes.participantId, participantId));
    if (stored) return stored.code;
    const code = newOwnershipCode();
    const [taken] = await db
      .select({ code: codes.code })
      .from(codes)
      .where(and(eq(codes.contestId, contestId), eq(codes.code, code)));
    if (taken) continue;
    // Two first reads at once: the second insert does nothing, the loop reads the first's code.
    await db.insert(codes).values({ participantId, contestId, code }).onConflictDoNothing();
  }
  throw new Error('No free ownership code after 5 attempts');
}

/** The caller's entrant's code (403 not_participant for anyone else). */
export async function ownershipCode(
  db: DB,
  actor: Actor,
  contestId: number,
): Promise<{ code: string }> {
  const { contest, participantId } = await admitTrader(db, actor, contestId);
  return { code: await codeOf(db, contest.id, participantId) };
}

/** Whether a statement's comments hold the code (any case: some terminals upper-case them). */
export function holdsCode(comments: readonly { comment: string }[], code: string): boolean {
  const wanted = code.toUpperCase();
  return comments.some((c) => c.comment.toUpperCase().includes(wanted));
}
