// Linking a provider to an account: by a signed-in member, or confirmed with the password of
// the account whose verified e-mail the provider vouches for.
import { eq } from 'drizzle-orm';
import type { DB } from '../../../../platform/db/client';
import { users } from '../../../../platform/db/schema';
import { lockForUpdate } from '../../../../platform/db/dialect';
import { AppError } from '../../../../platform/errors';
import { beginGuess, type Limits } from '../../../../platform/limits';
import type { Actor } from '../../../../platform/actor';
import type { TUser } from '../../../../../shared/schemas/auth';
import { OIDC_MSG } from '../../../../../shared/schemas/oidc';
import { writeAudit } from '../../../audit';
import { knownDeviceKey } from '../../devices';
import type { PasswordHasher } from '../../passwords';
import { getUser } from '../../users';
import {
  type OidcClaims,
  type ProviderRef,
  auditActor,
  assertNotBanned,
  rethrowIdentityConflict,
  insertIdentity,
} from './rows';

/**
 * Adds the identity to the member and audits it (what `audited` says), in one transaction with
 * the member's row locked; an identity taken meanwhile is refused as a conflict.
 */
async function addIdentity(
  db: DB,
  {
    userId,
    actor,
    provider,
    subject,
    email,
    audited,
  }: {
    userId: number;
    actor: Pick<Actor, 'id' | 'username' | 'ip' | 'userAgent'>;
    provider: ProviderRef;
    subject: string;
    email?: string;
    audited: Record<string, unknown>;
  },
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await lockForUpdate(tx, users, eq(users.id, userId));
      await insertIdentity(tx, { userId, provider, subject, email });
      await writeAudit({
        db: tx,
        actor,
        action: 'account.oidc.link',
        targetType: 'user',
        targetId: userId,
        after: audited,
      });
    });
  } catch (error) {
    rethrowIdentityConflict(error, provider);
    throw error;
  }
}

/** A signed-in member links a provider from Account Settings (the callback of a link). */
export async function linkToMember({
  db,
  actor,
  provider,
  claims,
}: {
  db: DB;
  actor: Actor;
  provider: ProviderRef;
  claims: OidcClaims;
}): Promise<void> {
  await addIdentity(db, {
    userId: actor.id,
    actor,
    provider,
    subject: claims.subject,
    email: claims.email,
    audited: { provider: provider.id, email: claims.email ?? null },
  });
}

/**
 * The member whose verified e-mail the provider vouched for confirms the link with their
 * password: counted like a sign-in guess (per address and per account), then linked and signed
 * in. A banned member is refused as at password sign-in.
 */
export async function confirmLinkWithPassword({
  db,
  limits,
  passwords,
  ip,
  userAgent,
  device,
  provider,
  pending,
  password,
}: {
  db: DB;
  limits: Limits;
  passwords: PasswordHasher;
  ip: string;
  userAgent?: string;
  device?: { secret: string; tokens: readonly string[] };
  provider: ProviderRef;
  pending: { userId: number; subject: string; email: string };
  password: string;
}): Promise<TUser> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      password: users.password,
      role: users.role,
      banReason: users.banReason,
    })
    .from(users)
    .where(eq(users.id, pending.userId));
  if (!row) throw new AppError('BAD_REQUEST', OIDC_MSG.noFlow);
  const guess = await beginGuess(
    limits,
    ip,
    `login:${row.username.toLowerCase()}`,
    device && knownDeviceKey(device.secret, device.tokens, row.id),
  );
  if (!(await passwords.verify(password, row.password))) {
    throw new AppError('UNAUTHORIZED', OIDC_MSG.wrongPassword);
  }
  await guess.succeeded();
  assertNotBanned(row);
  // The e-mail must still be the one the provider vouched for (it may have changed meanwhile).
  if (row.email.toLowerCase() !== pending.email.toLowerCase()) {
    throw new AppError('CONFLICT', OIDC_MSG.noFlow);
  }
  await addIdentity(db, {
    userId: row.id,
    actor: auditActor(row, { ip, userAgent }),
    provider,
    subject: pending.subject,
    email: pending.email,
    audited: { provider: provider.id, email: pending.email, confirmedWith: 'password' },
  });
  const user = await getUser({ db, id: row.id });
  if (!user) throw new AppError('BAD_REQUEST', OIDC_MSG.noFlow);
  return user;
}
