// What `npm run admin` does on the server's own machine, for an operator locked out of the
// browser (the only admin forgot the password; there is no e-mail yet): each is one service
// call, audited as done from the console.
import crypto from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { equalsCaseless } from '../../platform/db/dialect';
import { users } from '../../platform/db/schema';
import { CONSOLE_ACTOR } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { ZCreateUserRequestSchema } from '../../../shared/schemas/adminUsers';
import { unlockAccount, type Limits } from '../../platform/limits';
import { writeAudit } from '../audit';
import { createUser, setTemporaryPassword } from './adminUsers';
import type { PasswordHasher } from './passwords';
import { deleteUserSessions } from './sessions';
import { resetTwoFactor } from './twoFactor';

/** A temporary password: random, readable, and only ever printed once. */
export function temporaryPassword(): string {
  return crypto.randomBytes(12).toString('base64url');
}

async function accountNamed(db: DB, username: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(equalsCaseless(users.username, username))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', `No account is named ${username}`);
  return row;
}

/** A new temporary password that must be changed at the next sign-in; every session ends. */
export async function resetPassword(
  db: DB,
  passwords: PasswordHasher,
  username: string,
): Promise<{ username: string; password: string }> {
  const account = await accountNamed(db, username);
  const password = temporaryPassword();
  await setTemporaryPassword({ db, actor: CONSOLE_ACTOR, passwords, id: account.id, password });
  return { username: account.username, password };
}

/** A new admin with a temporary password, to be changed at the first sign-in. */
export async function createAdmin(
  db: DB,
  passwords: PasswordHasher,
  username: string,
  email: string,
): Promise<{ username: string; password: string }> {
  const password = temporaryPassword();
  // The same rules as the admin screen's 'Add User' form.
  const parsed = ZCreateUserRequestSchema.safeParse({ username, email, password, role: 'admin' });
  if (!parsed.success) {
    throw new AppError('BAD_REQUEST', parsed.error.issues.map((i) => i.message).join('; '));
  }
  const created = await createUser({ db, actor: CONSOLE_ACTOR, passwords, input: parsed.data });
  await setTemporaryPassword({ db, actor: CONSOLE_ACTOR, passwords, id: created.id, password });
  return { username: created.username, password };
}

/** Clears the account's sign-in lock-outs (kept in the database on both engines). */
export async function unlock(db: DB, limits: Limits, username: string): Promise<string> {
  const account = await accountNamed(db, username);
  await unlockAccount(limits, account);
  await writeAudit({
    db,
    actor: CONSOLE_ACTOR,
    action: 'user.unlock',
    targetType: 'user',
    targetId: account.id,
    after: { username: account.username },
  });
  return account.username;
}

export async function listAdmins(db: DB) {
  return db
    .select({
      username: users.username,
      email: users.email,
      createdAt: users.createdAt,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.id));
}

/** Ends every session of the account, on every app server at once. */
export async function endSessions(db: DB, username: string): Promise<{ ended: number }> {
  const account = await accountNamed(db, username);
  return db.transaction(async (tx) => {
    const ended = await deleteUserSessions({ db: tx, userId: account.id });
    await writeAudit({
      db: tx,
      actor: CONSOLE_ACTOR,
      action: 'user.sessions.end',
      targetType: 'user',
      targetId: account.id,
      after: { username: account.username, ended },
    });
    return { ended };
  });
}

/**
 * Turns the account's two-factor sign-in off (a lost authenticator and lost recovery codes) and
 * ends its sessions; audited as done from the console.
 */
export async function resetTwoFactorOf(db: DB, username: string): Promise<string> {
  const account = await accountNamed(db, username);
  return (await resetTwoFactor({ db, actor: CONSOLE_ACTOR, userId: account.id })).username;
}
