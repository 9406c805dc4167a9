import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import { ROLES, TIERS, type Role, type Tier } from '../../shared/constants';
import {
  EDUCATION_KINDS,
  EDUCATION_SOURCES,
  type EducationKind,
  type EducationSource,
} from '../../shared/schemas/education';
import { UPLOAD_PURPOSES } from '../../shared/schemas/uploads';

const nowMs = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
const createdAt = () => integer('created_at', { mode: 'timestamp_ms' }).notNull().default(nowMs);

/**
 * A CHECK that a text column holds one of the listed values (the enum-like columns). The column
 * is named bare, not table-qualified, so the constraint survives drizzle-kit's table rebuilds
 * (create `__new_x`, copy, rename).
 */
function oneOf(column: string, values: readonly string[]) {
  return sql.raw(`"${column}" IN (${values.map((v) => `'${v}'`).join(', ')})`);
}

export const PAYOUT_METHODS = ['bank', 'crypto', 'paypal'] as const;

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
    // What the admin gave as the reason for a ban; shown to the member at sign-in.
    banReason: text('ban_reason'),
    lastLoginAt: integer('last_login_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_nocase').on(sql`${t.username} COLLATE NOCASE`),
    uniqueIndex('users_email_nocase').on(sql`${t.email} COLLATE NOCASE`),
    check('users_role_valid', oneOf('role', ROLES)),
    check('users_tier_valid', sql`"subscription_tier" IS NULL OR ${oneOf('subscription_tier', TIERS)}`),
  ],
);

// One row per sign-in: the sealed cookie carries only this id, so deleting the row (logout, a
// ban, 'sign out' from another device) ends that session everywhere at once.
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    // Written at most once a minute per session, so a signed-in read stays a read.
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user').on(t.userId), index('sessions_expires').on(t.expiresAt)],
);

// Platform settings as key -> JSON value, so a new setting needs no migration.
export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
});

// Where each member wants contest winnings sent (SPEC 3 'Payment settings form').
export const payoutMethods = sqliteTable(
  'payout_methods',
  {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  paymentMethod: text('payment_method').$type<(typeof PAYOUT_METHODS)[number]>().notNull(),
  accountName: text('account_name'),
  accountNumber: text('account_number'),
  bankName: text('bank_name'),
  bankCode: text('bank_code'),
  cryptoAddress: text('crypto_address'),
  cryptoCurrency: text('crypto_currency'),
  paypalEmail: text('paypal_email'),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
  },
  () => [check('payout_methods_method_valid', oneOf('payment_method', PAYOUT_METHODS))],
);

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
    // A smaller re-encoded copy of an image, for cards and avatars in lists.
    variantFileName: text('variant_file_name'),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploads_owner').on(t.ownerId, t.createdAt),
    check('uploads_purpose_valid', oneOf('purpose', UPLOAD_PURPOSES)),
  ],
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
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created').on(t.createdAt)],
);

// The Education Center's items (SPEC 3 'education_content'): written here in markdown, or
// imported from a WordPress site and matched by its post id on every later import.
export const educationContent = sqliteTable(
  'education_content',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    // The WordPress post id; unique (SPEC 3), so a re-import updates in place.
    wpId: integer('wp_id').unique(),
    // The site it came from (its origin): a post of another site with the same id is refused
    // rather than written over this one.
    wpSite: text('wp_site'),
    // A digest of the post as last imported, so a re-import can tell an unchanged post.
    wpHash: text('wp_hash'),
    slug: text('slug').notNull().unique(),
    kind: text('kind').$type<EducationKind>().notNull().default('article'),
    source: text('source').$type<EducationSource>().notNull().default('local'),
    title: text('title').notNull(),
    // Markdown for local items, allow-list-sanitized HTML for imported ones.
    content: text('content').notNull(),
    excerpt: text('excerpt'),
    featuredImage: text('featured_image'),
    category: text('category'),
    // A JSON list of text.
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    publishDate: integer('publish_date', { mode: 'timestamp_ms' }).notNull().default(nowMs),
    lastSync: integer('last_sync', { mode: 'timestamp_ms' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
  },
  (t) => [
    // The list: newest first, all kinds or one kind (a tab).
    index('education_kind_published').on(t.kind, t.publishDate, t.id),
    index('education_published').on(t.publishDate, t.id),
    index('education_author').on(t.authorId),
    check('education_kind_valid', oneOf('kind', EDUCATION_KINDS)),
    check('education_source_valid', oneOf('source', EDUCATION_SOURCES)),
  ],
);

// What each member saved to read later; goes with the member and with the item.
export const educationSaved = sqliteTable(
  'education_saved',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentId: integer('content_id')
      .notNull()
      .references(() => educationContent.id, { onDelete: 'cascade' }),
    savedAt: integer('saved_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.contentId] }),
    // The Saved tab lists a member's items newest-saved first; the PK serves 'is it saved'.
    index('education_saved_user').on(t.userId, t.savedAt),
    index('education_saved_content').on(t.contentId),
  ],
);
