// Who a provider's answer signs in, and the account a first sign-in creates (with a username
// taken from the provider's answer when it is free and valid, else chosen on a follow-up form).
import { eq } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../../../platform/db/client';
import { userIdentities, users } from '../../../../platform/db/schema';
import { equalsCaseless } from '../../../../platform/db/dialect';
import { AppError } from '../../../../platform/errors';
import { MSG } from '../../../../../shared/messages';
import { type TUser, ZUsername } from '../../../../../shared/schemas/auth';
import { OIDC_MSG } from '../../../../../shared/schemas/oidc';
import { writeAudit } from '../../../audit';
import { getPlatformSettings } from '../../../settings';
import { rethrowUnique } from '../../auth';
import { hasPassword, NO_PASSWORD } from '../../passwords';
import { publicUserColumns } from '../../users';
import {
  type OidcClaims,
  type ProviderRef,
  type Origin,
  auditActor,
  assertNotBanned,
  findIdentity,
  rethrowIdentityConflict,
} from './rows';

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
