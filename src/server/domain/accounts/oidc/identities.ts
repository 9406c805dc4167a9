// Identities at OpenID providers and the members they belong to: who a provider's answer signs
// in, the account a first sign-in creates, linking (by a signed-in member, or confirmed with the
// password of the account whose verified e-mail the provider vouches for), unlinking without
// ever removing a member's last way in, and a first password for an account that has none.
import { and, count, eq, ne } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../../platform/db/client';
import { userIdentities, users } from '../../../platform/db/schema';
import { equalsCaseless, isUniqueViolation, lockForUpdate } from '../../../platform/db/dialect';
import { AppError } from '../../../platform/errors';
import { beginGuess, type Limits } from '../../../platform/limits';
import type { Actor } from '../../../platform/actor';
import { MSG } from '../../../../shared/messages';
import type { TUser } from '../../../../shared/schemas/auth';
import { ZUsername } from '../../../../shared/schemas/auth';
import {
  OIDC_MSG,
  type TSetPasswordRequest,
  type TSignInMethods,
} from '../../../../shared/schemas/oidc';
import { getPlatformSettings, writeAudit } from '../../admin';
import { rethrowUnique } from '../auth';
import { knownDeviceKey } from '../devices';
import { assertPasswordAllowed } from '../passwordPolicy';
import { hasPassword, NO_PASSWORD, type PasswordHasher } from '../passwords';
import { deleteUserSessions } from '../sessions';
import { getUser, publicUserColumns } from '../users';
import type { OidcRegistry } from './providers';

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
interface Origin {
  ip?: string;
  userAgent?: string;
}

const auditActor = (user: { id: number; username: string }, origin: Origin) => ({
  id: user.id,
  username: user.username,
  ip: origin.ip,
  userAgent: origin.userAgent,
});

/** The ban refusal, in the very words of password sign-in. */
function assertNotBanned(row: { role: string; banReason: string | null }): void {
  if (row.role === 'banned') {
    throw new AppError(
      'FORBIDDEN',
      row.banReason ? `${MSG.suspended}. Reason: ${row.banReason}` : MSG.suspended,
    );
  }
}

async function findIdentity(db: DbOrTx, provider: string, subject: string) {
  const [row] = await db
    .select({ id: userIdentities.id, userId: userIdentities.userId, email: userIdentities.email })
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
  return row;
}

async function usernameFree(db: DbOrTx, username: string): Promise<boolean> {
  const [hit] = await db
    .select({ id: users.id })
    .from(users)
    .where(equalsCaseless(users.username, username))
    .limit(1);
  return !hit;
}

/** The provider's name for the person as a username here, if it is one as it stands. */
function usernameAsGiven(claims: OidcClaims): string | undefined {
  const given = claims.preferredUsername?.trim() || claims.email?.split('@')[0];
  if (!given) return undefined;
  const parsed = ZUsername.safeParse(given);
  return parsed.success ? parsed.data : undefined;
}

/** A free username to offer on the follow-up form, made from what the provider gave. */
async function suggestUsername(db: DB, claims: OidcClaims): Promise<string> {
  const raw = claims.preferredUsername?.trim() || claims.email?.split('@')[0] || '';
  const base = raw.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 44);
  if (base.length < 3) return '';
  for (const candidate of [base, ...[2, 3, 4].map((n) => `${base}${n}`)]) {
    if (await usernameFree(db, candidate)) return candidate;
  }
  return '';
}

export type SignInResolution =
  /** The identity's member, or a member just created for it: sign them in. */
  | { kind: 'user'; userId: number; created: boolean }
  /** A new member whose username must be chosen on the follow-up form. */
  | { kind: 'username'; suggested: string }
  /** The account with this verified e-mail: its member confirms with the password. */
  | { kind: 'confirm'; userId: number };

/**
 * Who a provider's answer signs in, or what is needed first. Refusals (banned, an e-mail that
 * belongs to an account but is not verified on both sides, registration closed) are AppErrors
 * whose message /auth shows.
 */
export async function resolveSignIn({
  db,
  provider,
  claims,
  origin,
  beforeCreate,
}: {
  db: DB;
  provider: ProviderRef;
  claims: OidcClaims;
  origin: Origin;
  /** Runs before an account is created (the sign-up limit). */
  beforeCreate: () => Promise<void>;
}): Promise<SignInResolution> {
  const identity = await findIdentity(db, provider.id, claims.subject);
  if (identity) {
    const [member] = await db
      .select({
        id: users.id,
        username: users.username,
        role: users.role,
        banReason: users.banReason,
      })
      .from(users)
      .where(eq(users.id, identity.userId));
    if (!member) throw new AppError('UNAUTHORIZED', OIDC_MSG.failed(provider.label));
    assertNotBanned(member);
    await db.transaction(async (tx) => {
      // The e-mail as the provider gives it now (it may have changed there).
      if (claims.email && claims.email !== identity.email) {
        await tx
          .update(userIdentities)
          .set({ email: claims.email })
          .where(eq(userIdentities.id, identity.id));
      }
      await writeAudit({
        db: tx,
        actor: auditActor(member, origin),
        action: 'account.oidc.signin',
        targetType: 'user',
        targetId: member.id,
        after: { provider: provider.id },
      });
    });
    return { kind: 'user', userId: member.id, created: false };
  }
  if (!claims.email) throw new AppError('BAD_REQUEST', OIDC_MSG.noEmail(provider.label));
  const [owner] = await db
    .select({ id: users.id, password: users.password, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(equalsCaseless(users.email, claims.email))
    .limit(1);
  if (owner) {
    if (!claims.emailVerified || !owner.emailVerifiedAt) {
      throw new AppError('CONFLICT', OIDC_MSG.emailNotVerified(provider.label, claims.email));
    }
    if (!hasPassword(owner.password)) {
      throw new AppError('CONFLICT', OIDC_MSG.emailUsesProvider(provider.label, claims.email));
    }
    return { kind: 'confirm', userId: owner.id };
  }
  const settings = await getPlatformSettings({ db });
  if (!settings.enableRegistration) {
    throw new AppError('FORBIDDEN', OIDC_MSG.registrationClosed(provider.label));
  }
  const username = usernameAsGiven(claims);
  if (username && (await usernameFree(db, username))) {
    await beforeCreate();
    const user = await createMemberFromIdentity({
      db,
      provider,
      subject: claims.subject,
      email: claims.email,
      emailVerified: claims.emailVerified,
      username,
      origin,
    });
    return { kind: 'user', userId: user.id, created: true };
  }
  return { kind: 'username', suggested: await suggestUsername(db, claims) };
}

/**
 * A new member for a provider's identity: no password (until they set one), the tier every new
 * member gets, the e-mail verified when the provider vouched for it. One transaction with the
 * identity, so there is never a member without their way in.
 */
export async function createMemberFromIdentity({
  db,
  provider,
  subject,
  email,
  emailVerified,
  username,
  origin,
}: {
  db: DB;
  provider: ProviderRef;
  subject: string;
  email: string;
  emailVerified: boolean;
  username: string;
  origin: Origin;
}): Promise<TUser> {
  const settings = await getPlatformSettings({ db });
  if (!settings.enableRegistration) {
    throw new AppError('FORBIDDEN', OIDC_MSG.registrationClosed(provider.label));
  }
  if (!(await usernameFree(db, username))) throw new AppError('CONFLICT', MSG.usernameTaken);
  const now = new Date();
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          username,
          email,
          password: NO_PASSWORD,
          role: 'user',
          subscriptionTier: settings.defaultUserTier,
          emailVerifiedAt: emailVerified ? now : null,
        })
        .returning(publicUserColumns);
      await tx
        .insert(userIdentities)
        .values({ userId: user!.id, provider: provider.id, subject, email, linkedAt: now });
      await writeAudit({
        db: tx,
        actor: auditActor(user!, origin),
        action: 'account.oidc.signup',
        targetType: 'user',
        targetId: user!.id,
        after: { provider: provider.id, username, email },
      });
      return user!;
    });
  } catch (error) {
    rethrowIdentityConflict(error, provider);
    rethrowUnique(error);
  }
}

/** Another request linked the same identity meanwhile: said as such, not as a 500. */
function rethrowIdentityConflict(error: unknown, provider: ProviderRef): void {
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

async function insertIdentity(
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
  try {
    await db.transaction(async (tx) => {
      await lockForUpdate(tx, users, eq(users.id, actor.id));
      await insertIdentity(tx, {
        userId: actor.id,
        provider,
        subject: claims.subject,
        email: claims.email,
      });
      await writeAudit({
        db: tx,
        actor,
        action: 'account.oidc.link',
        targetType: 'user',
        targetId: actor.id,
        after: { provider: provider.id, email: claims.email ?? null },
      });
    });
  } catch (error) {
    rethrowIdentityConflict(error, provider);
    throw error;
  }
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
  try {
    await db.transaction(async (tx) => {
      await lockForUpdate(tx, users, eq(users.id, row.id));
      await insertIdentity(tx, {
        userId: row.id,
        provider,
        subject: pending.subject,
        email: pending.email,
      });
      await writeAudit({
        db: tx,
        actor: auditActor(row, { ip, userAgent }),
        action: 'account.oidc.link',
        targetType: 'user',
        targetId: row.id,
        after: { provider: provider.id, email: pending.email, confirmedWith: 'password' },
      });
    });
  } catch (error) {
    rethrowIdentityConflict(error, provider);
    throw error;
  }
  const user = await getUser({ db, id: row.id });
  if (!user) throw new AppError('BAD_REQUEST', OIDC_MSG.noFlow);
  return user;
}

/** The username of a pending confirmation's account (shown on the confirmation form). */
export async function usernameOf(db: DB, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  return row?.username;
}

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
      throw new AppError('BAD_REQUEST', OIDC_MSG.lastWayIn, { reason: 'last_way_in' });
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
  const [row] = await db
    .select({ password: users.password, username: users.username, email: users.email })
    .from(users)
    .where(eq(users.id, actor.id));
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
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
