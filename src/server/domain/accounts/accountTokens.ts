// Single-use links mailed to a member: 32 random bytes in the link, only their SHA-256 in the
// database (account_tokens), so a copy of the table opens nothing. A token is used up by one
// atomic UPDATE, so two clicks on one link cannot both succeed.
import crypto from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { tryTake, type Limits } from '../../platform/limits';
import { accountTokens } from '../../platform/db/schema';
import { TOKEN_TTL_MS, type AccountTokenPurpose } from '../../../shared/accountTokens';
import {
  appLink,
  queueMail,
  siteNameOf,
  type AccountLinkMail,
  type MailContent,
} from '../messages';

/** A token as a link presents it, for one purpose (`now`: the clock unless a test sets it). */
interface TokenUse {
  token: string;
  purpose: AccountTokenPurpose;
  now?: number;
}

/** A member's tokens of one purpose (`now`: the clock unless a test sets it). */
interface MemberTokens {
  userId: number;
  purpose: AccountTokenPurpose;
  now?: number;
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new token of `purpose` for a member, valid for its TTL; answers the token itself. */
export async function issueToken(
  tx: DbOrTx,
  { userId, purpose, email, now = Date.now() }: MemberTokens & { email: string },
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await tx.insert(accountTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    email,
    expiresAt: new Date(now + TOKEN_TTL_MS[purpose]),
    createdAt: new Date(now),
  });
  return token;
}

/** A link of `purpose` for a member: it opens `path` on `origin`, in the mail `mail` writes. */
export interface AccountLink {
  user: { id: number; username: string; email: string };
  purpose: AccountTokenPurpose;
  origin: string;
  path: string;
  mail: (input: AccountLinkMail) => MailContent;
}

/**
 * Issues a link of `purpose` for the member and queues the mail that carries it (of the same
 * kind), inside `tx`: the link opens `path` on `origin` with the token.
 */
export async function mailAccountLink(
  tx: DbOrTx,
  { user, purpose, origin, path, mail }: AccountLink,
): Promise<void> {
  const token = await issueToken(tx, { userId: user.id, purpose, email: user.email });
  const content = mail({
    siteName: await siteNameOf(tx),
    username: user.username,
    link: appLink(origin, path, { token }),
  });
  await queueMail(tx, { ...content, to: user.email, kind: purpose, userId: user.id });
}

/**
 * mailAccountLink in a transaction of its own, at most as often as the per-account mail limit
 * allows (`key`: the kind and the member). Silently: a refusal would tell who has an account.
 * True when the mail was queued.
 */
export async function mailLinkWithinLimit(
  db: DB,
  limits: Limits,
  key: string,
  link: AccountLink,
): Promise<boolean> {
  if (!(await tryTake(limits.accountMail, key))) return false;
  await db.transaction((tx) => mailAccountLink(tx, link));
  return true;
}

const usable = (token: string, purpose: AccountTokenPurpose, now: number) =>
  and(
    eq(accountTokens.tokenHash, hashToken(token)),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, new Date(now)),
  );

/** Who a token is for while it is unused and unexpired (it stays unused). */
export async function peekToken(
  db: DbOrTx,
  { token, purpose, now = Date.now() }: TokenUse,
): Promise<{ userId: number; email: string } | undefined> {
  const [row] = await db
    .select({ userId: accountTokens.userId, email: accountTokens.email })
    .from(accountTokens)
    .where(usable(token, purpose, now));
  return row;
}

/** Uses a token up: who it was for, or undefined when it is unknown, used or expired. */
export async function consumeToken(
  tx: DbOrTx,
  { token, purpose, now = Date.now() }: TokenUse,
): Promise<{ userId: number; email: string } | undefined> {
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: new Date(now) })
    .where(usable(token, purpose, now))
    .returning({ userId: accountTokens.userId, email: accountTokens.email });
  return row;
}

/** Uses up every open token of a purpose of a member (a reset done: older links stop working). */
export async function retireTokens(
  tx: DbOrTx,
  { userId, purpose, now = Date.now() }: MemberTokens,
): Promise<void> {
  await tx
    .update(accountTokens)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
      ),
    );
}
