// Identities at OpenID providers as rows: what a provider said about the person, an identity's
// row and its member, and the checks every path makes (a banned member, an identity linked to
// another account).
import { and, eq } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../../../platform/db/client';
import { userIdentities, users } from '../../../../platform/db/schema';
import { isUniqueViolation } from '../../../../platform/db/dialect';
import { AppError } from '../../../../platform/errors';
import { MSG } from '../../../../../shared/messages';
import { OIDC_MSG } from '../../../../../shared/schemas/oidc';

/** What a provider said about the person, from its ID token and UserInfo. */
export interface OidcClaims {
  subject: string;
  email?: string;
  /** Only `email_verified: true` counts: a provider that says nothing has not vouched. */
  emailVerified: boolean;
  preferredUsername?: string;
}

export interface ProviderRef {
  id: string;
  label: string;
}

/** Who did something, for the audit log, when the caller is not signed in yet. */
export interface Origin {
  ip?: string;
  userAgent?: string;
}

export const auditActor = (user: { id: number; username: string }, origin: Origin) => ({
  id: user.id,
  username: user.username,
  ip: origin.ip,
  userAgent: origin.userAgent,
});

/** The ban refusal, in the very words of password sign-in. */
export function assertNotBanned(row: { role: string; banReason: string | null }): void {
  if (row.role === 'banned') {
    throw new AppError(
      'FORBIDDEN',
      row.banReason ? `${MSG.suspended}. Reason: ${row.banReason}` : MSG.suspended,
    );
  }
}

export async function findIdentity(db: DbOrTx, provider: string, subject: string) {
  const [row] = await db
    .select({ id: userIdentities.id, userId: userIdentities.userId, email: userIdentities.email })
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
  return row;
}

/** Another request linked the same identity meanwhile: said as such, not as a 500. */
export function rethrowIdentityConflict(error: unknown, provider: ProviderRef): void {
  if (isUniqueViolation(error) && /user_identities/.test(messageChain(error))) {
    throw new AppError('CONFLICT', OIDC_MSG.linkedToOther(provider.label));
  }
}

function messageChain(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    parts.push(current.message, String((current as { constraint?: string }).constraint ?? ''));
    current = current.cause;
  }
  return parts.join(' ');
}

export async function insertIdentity(
  tx: DbOrTx,
  {
    userId,
    provider,
    subject,
    email,
  }: { userId: number; provider: ProviderRef; subject: string; email?: string },
): Promise<void> {
  const [mine] = await tx
    .select({ subject: userIdentities.subject })
    .from(userIdentities)
    .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, provider.id)));
  if (mine) {
    if (mine.subject === subject) return;
    throw new AppError('CONFLICT', OIDC_MSG.otherIdentityLinked(provider.label));
  }
  const taken = await findIdentity(tx, provider.id, subject);
  if (taken) throw new AppError('CONFLICT', OIDC_MSG.linkedToOther(provider.label));
  await tx
    .insert(userIdentities)
    .values({ userId, provider: provider.id, subject, email: email ?? null });
}

/** The username of a pending confirmation's account (shown on the confirmation form). */
export async function usernameOf(db: DB, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  return row?.username;
}
