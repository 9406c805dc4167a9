import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { Role, Tier } from '../../shared/constants';

const nowMs = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
const createdAt = () => integer('created_at', { mode: 'timestamp_ms' }).notNull().default(nowMs);

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    username: text('username').notNull(),
    password: text('password').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    fullName: text('full_name'),
    role: text('role').$type<Role>().notNull().default('user'),
    // Null for admins (SPEC 4: choosing role admin sends a null tier).
    subscriptionTier: text('subscription_tier').$type<Tier>(),
    profileImage: text('profile_image'),
    // Bumped by a ban, a role change or a password change: every older session stops working.
    sessionVersion: integer('session_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_nocase').on(sql`${t.username} COLLATE NOCASE`),
    uniqueIndex('users_email_nocase').on(sql`${t.email} COLLATE NOCASE`),
  ],
);

// Platform settings as key -> JSON value, so a new setting needs no migration.
export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
});

// Where each member wants contest winnings sent (SPEC 3 'Payment settings form').
export const payoutMethods = sqliteTable('payout_methods', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  paymentMethod: text('payment_method').$type<'bank' | 'crypto' | 'paypal'>().notNull(),
  accountName: text('account_name'),
  accountNumber: text('account_number'),
  bankName: text('bank_name'),
  bankCode: text('bank_code'),
  cryptoAddress: text('crypto_address'),
  cryptoCurrency: text('crypto_currency'),
  paypalEmail: text('paypal_email'),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
});

// Every stored file: who owns it and what it is for, so access can be checked when it is served.
export const uploads = sqliteTable(
  'uploads',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    fileName: text('file_name').notNull().unique(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: text('purpose').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_owner').on(t.ownerId)],
);

// Who did what to whom, with the values before and after (JSON).
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: text('before'),
    after: text('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created').on(t.createdAt)],
);
