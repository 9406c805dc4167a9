// Account Settings' 'Sign-in methods': the list, unlinking without ever removing a member's last
// way in, and a first password for an account that has none.
import { and, count, eq, ne } from 'drizzle-orm';
import type { DB } from '../../../../platform/db/client';
import { userIdentities, users } from '../../../../platform/db/schema';
import { lockForUpdate } from '../../../../platform/db/dialect';
import { AppError } from '../../../../platform/errors';
import type { Actor } from '../../../../platform/actor';
import {
  OIDC_MSG,
  type TSetPasswordRequest,
  type TSignInMethods,
} from '../../../../../shared/schemas/oidc';
import { writeAudit } from '../../../audit';
import { assertPasswordAllowed } from '../../passwordPolicy';
import { hasPassword, type PasswordHasher } from '../../passwords';
import { deleteUserSessions } from '../../sessions';
import { passwordRowOf } from '../../users';
import type { OidcRegistry } from '../providers';

/** Account Settings' 'Sign-in methods': the password, and every provider, linked or not. */
export async function listSignInMethods({
  db,
  registry,
  userId,
}: {
  db: DB;
  registry?: OidcRegistry;
  userId: number;
}): Promise<TSignInMethods> {
  const [row] = await db
    .select({ password: users.password })
    .from(users)
    .where(eq(users.id, userId));
  const linked = await db
    .select({
      provider: userIdentities.provider,
      email: userIdentities.email,
      linkedAt: userIdentities.linkedAt,
    })
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId))
    .orderBy(userIdentities.linkedAt);
  const byProvider = new Map(linked.map((l) => [l.provider, l]));
  const configured = registry?.list() ?? [];
  const providers: TSignInMethods['providers'] = configured.map((p) => {
    const link = byProvider.get(p.config.id);
    return {
      id: p.config.id,
      label: p.config.label,
      available: p.client !== undefined,
      linked: link ? { email: link.email, linkedAt: link.linkedAt } : null,
    };
  });
  // A provider no longer configured still shows, so its link can be removed.
  for (const link of linked) {
    if (!registry?.get(link.provider)) {
      providers.push({
        id: link.provider,
        label: link.provider,
        available: false,
        linked: { email: link.email, linkedAt: link.linkedAt },
      });
    }
  }
  return { hasPassword: row ? hasPassword(row.password) : false, providers };
}

/**
 * Unlinks a provider, unless it is the member's last way in (no password and no other provider):
 * read and removed under a lock on the member's row, so two unlinks at once cannot both pass.
 */
export async function unlinkIdentity({
  db,
  actor,
  provider,
}: {
  db: DB;
  actor: Actor;
  provider: string;
}): Promise<void> {
  await db.transaction(async (tx) => {
    await lockForUpdate(tx, users, eq(users.id, actor.id));
    const [link] = await tx
      .select({ id: userIdentities.id, email: userIdentities.email })
      .from(userIdentities)
      .where(and(eq(userIdentities.userId, actor.id), eq(userIdentities.provider, provider)));
    if (!link) throw new AppError('NOT_FOUND', OIDC_MSG.notLinked);
    const [row] = await tx
      .select({ password: users.password })
      .from(users)
      .where(eq(users.id, actor.id));
    const [others] = await tx
      .select({ n: count() })
      .from(userIdentities)
      .where(and(eq(userIdentities.userId, actor.id), ne(userIdentities.id, link.id)));
    if (!(row && hasPassword(row.password)) && Number(others?.n ?? 0) === 0) {
      throw new AppError('last_way_in', OIDC_MSG.lastWayIn);
    }
    await tx.delete(userIdentities).where(eq(userIdentities.id, link.id));
    await writeAudit({
      db: tx,
      actor,
      action: 'account.oidc.unlink',
      targetType: 'user',
      targetId: actor.id,
      before: { provider, email: link.email },
    });
  });
}

/**
 * A first password for an account made through a provider, without a current one (it has none).
 * An account that has a password changes it the usual way, with the current one. Other sessions
 * end, as at any password change.
 */
export async function setFirstPassword({
  db,
  actor,
  sessionId,
  passwords,
  input,
}: {
  db: DB;
  actor: Actor;
  sessionId: string;
  passwords: PasswordHasher;
  input: TSetPasswordRequest;
}): Promise<void> {
  const row = await passwordRowOf(db, actor.id);
  if (hasPassword(row.password)) throw new AppError('BAD_REQUEST', OIDC_MSG.passwordAlreadySet);
  assertPasswordAllowed(input.newPassword, row);
  const hash = await passwords.hash(input.newPassword);
  await db.transaction(async (tx) => {
    await lockForUpdate(tx, users, eq(users.id, actor.id));
    // Only over the marker that was read: a password set meanwhile is never overwritten.
    const changed = await tx
      .update(users)
      .set({ password: hash })
      .where(and(eq(users.id, actor.id), eq(users.password, row.password)))
      .returning({ id: users.id });
    if (!changed.length) throw new AppError('BAD_REQUEST', OIDC_MSG.passwordAlreadySet);
    await deleteUserSessions({ db: tx, userId: actor.id, exceptId: sessionId });
    await writeAudit({
      db: tx,
      actor,
      action: 'account.password.set',
      targetType: 'user',
      targetId: actor.id,
    });
  });
}
