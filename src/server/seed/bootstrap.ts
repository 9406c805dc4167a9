// First-start work: the session secret, the admin account and the demo data.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type pino from 'pino';
import type { DB } from '../platform/db/client';
import { users } from '../platform/db/schema';
import type { Env } from '../platform/env';
import { createPasswordHasher, type PasswordHasher } from '../domain/accounts/passwords';
import { seedDemo } from './seed';

/** SESSION_SECRET, or one generated once and kept beside the database so sessions survive restarts. */
export function resolveSessionSecret(env: Env): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = path.join(path.dirname(path.resolve(env.DATABASE_PATH)), '.session-secret');
  if (fs.existsSync(file)) {
    const stored = fs.readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  const secret = crypto.randomBytes(32).toString('base64url');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export async function ensureAdmin(
  db: DB,
  env: Env,
  logger: pino.Logger,
  passwords: PasswordHasher = createPasswordHasher(),
): Promise<void> {
  if (env.ADMIN_USERNAME) {
    const [existing] = await db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.username, env.ADMIN_USERNAME));
    if (existing) {
      if (existing.role !== 'admin') {
        await db
          .update(users)
          .set({ role: 'admin', subscriptionTier: null })
          .where(eq(users.id, existing.id));
        logger.info({ username: env.ADMIN_USERNAME }, 'promoted the configured account to admin');
      }
      return;
    }
    if (!env.ADMIN_PASSWORD) {
      throw new Error(
        'ADMIN_USERNAME is set but ADMIN_PASSWORD is not: set both to create the admin',
      );
    }
    await db.insert(users).values({
      username: env.ADMIN_USERNAME,
      email: env.ADMIN_EMAIL ?? `${env.ADMIN_USERNAME.toLowerCase()}@example.com`,
      password: await passwords.hash(env.ADMIN_PASSWORD),
      role: 'admin',
      subscriptionTier: null,
    });
    logger.info({ username: env.ADMIN_USERNAME }, 'created the configured admin account');
    return;
  }
  const [admins] = await db.select({ n: count() }).from(users).where(eq(users.role, 'admin'));
  if ((admins?.n ?? 0) > 0) return;
  const password = crypto.randomBytes(12).toString('base64url');
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  const username = taken ? `admin_${crypto.randomBytes(3).toString('hex')}` : 'admin';
  await db.insert(users).values({
    username,
    email: env.ADMIN_EMAIL ?? `${username}@example.com`,
    password: await passwords.hash(password),
    role: 'admin',
    subscriptionTier: null,
  });
  // Printed once, on purpose to stdout: this is the only time the password exists in clear.
  console.log(
    [
      '',
      '==============================================================',
      ' No admin account existed, so one was created:',
      `   username: ${username}`,
      `   password: ${password}`,
      ' Sign in and change this password under Account Settings (/settings).',
      '==============================================================',
      '',
    ].join('\n'),
  );
}

export async function bootstrap(
  db: DB,
  env: Env,
  logger: pino.Logger,
  passwords: PasswordHasher = createPasswordHasher(),
): Promise<void> {
  const [everyone] = await db.select({ n: count() }).from(users);
  const fresh = (everyone?.n ?? 0) === 0;
  await ensureAdmin(db, env, logger, passwords);
  if (fresh && env.SEED_DEMO) {
    await seedDemo(db);
    logger.info('seeded the demo data');
  }
}
