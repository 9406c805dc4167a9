// Admin user management: list, create, change role/tier, temporary password, delete.
import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm';
import type { ActionOnRow, ActionWithInput } from '../../platform/actor';
import type { DB, DbOrTx } from '../../platform/db/client';
import { twoFactor, users } from '../../platform/db/schema';
import { lockForUpdate } from '../../platform/db/dialect';
import { caseless, containsPattern, likeCaseless } from '../../platform/db/dialect';
import type { TUser } from '../../../shared/schemas/auth';
import type {
  SortOrder,
  TAdminUser,
  TUpdateUserRequest,
  UserSort,
} from '../../../shared/schemas/adminUsers';
import type { Role, Tier } from '../../../shared/constants';
import { createPasswordAccount } from './auth';
import { removeFromAllContests } from '../participation';
import { writeAudit, type Actor } from '../audit';
import { getPlatformSettings } from '../settings';
import { AppError } from '../../platform/errors';
import { assertPasswordAllowed } from './passwordPolicy';
import type { PasswordHasher } from './passwords';
import { deleteUserSessions } from './sessions';
import { publicUserColumns } from './users';

const ROLE_RANK: Record<Role, number> = { banned: 0, user: 1, moderator: 2, admin: 3 };

const adminUserColumns = {
  ...publicUserColumns,
  lastLoginAt: users.lastLoginAt,
  banReason: users.banReason,
  // The plan's end (issue 33): the users table shows it.
  tierExpiresAt: users.tierExpiresAt,
};

interface ListShape {
  search: boolean;
  role: boolean;
  tier: boolean;
  sort: UserSort | 'id';
  order: SortOrder;
}

/**
 * The list's two statements for one shape of request (which filters, which sort), prepared once
 * per database: the admin list is a hot read, and building its SQL was a tenth of its time.
 */
function prepareList(db: DB, shape: ListShape) {
  const where = and(
    shape.search
      ? or(
          likeCaseless(users.username, sql.placeholder('pattern')),
          likeCaseless(users.email, sql.placeholder('pattern')),
        )
      : undefined,
    shape.role ? eq(users.role, sql.placeholder('role')) : undefined,
    shape.tier ? eq(users.subscriptionTier, sql.placeholder('tier')) : undefined,
  );
  const direction = shape.order === 'desc' ? desc : asc;
  // The id breaks ties, so paging through equal names or join times never repeats or skips.
  const orderBy =
    shape.sort === 'name'
      ? [direction(caseless(users.username)), direction(users.id)]
      : shape.sort === 'joined'
        ? [direction(users.createdAt), direction(users.id)]
        : [asc(users.id)];
  return {
    rows: db
      .select({
        ...adminUserColumns,
        // The row menu offers 'Reset two-factor sign-in' only to those who have it.
        twoFactorEnabled:
          sql<boolean>`exists (select 1 from ${twoFactor} where ${twoFactor.userId} = ${users.id} and ${twoFactor.enabledAt} is not null)`.mapWith(
            Boolean,
          ),
      })
      .from(users)
      .where(where)
      .orderBy(...orderBy)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(),
    total: db.select({ n: count() }).from(users).where(where).prepare(),
  };
}

const listStatements = new WeakMap<DB, Map<string, ReturnType<typeof prepareList>>>();

function listQuery(db: DB, shape: ListShape) {
  let byShape = listStatements.get(db);
  if (!byShape) listStatements.set(db, (byShape = new Map()));
  const key = `${shape.search}|${shape.role}|${shape.tier}|${shape.sort}|${shape.order}`;
  let prepared = byShape.get(key);
  if (!prepared) byShape.set(key, (prepared = prepareList(db, shape)));
  return prepared;
}

export async function listUsers({
  db,
  search,
  role,
  tier,
  sort,
  order = 'asc',
  page,
  pageSize,
}: {
  db: DB;
  search?: string;
  role?: Role;
  tier?: Tier;
  sort?: UserSort;
  order?: SortOrder;
  page: number;
  pageSize: number;
}): Promise<{ users: TAdminUser[]; total: number; page: number; pageSize: number }> {
  const term = search?.trim();
  const query = listQuery(db, {
    search: Boolean(term),
    role: Boolean(role),
    tier: Boolean(tier),
    sort: sort ?? 'id',
    order,
  });
  const params = {
    // Case-insensitive on both engines; % and _ in the term are escaped.
    pattern: term ? containsPattern(term) : undefined,
    role,
    tier,
  };
  const rows = await query.rows.execute({
    limit: pageSize,
    offset: (page - 1) * pageSize,
    ...params,
  });
  const total = (await query.total.execute(params))[0]?.n ?? 0;
  return { users: rows, total, page, pageSize };
}

async function findUser(db: DbOrTx, id: number): Promise<TUser> {
  const [user] = await db.select(publicUserColumns).from(users).where(eq(users.id, id));
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  return user;
}

/**
 * Admins left, counted with their rows locked (PostgreSQL): two admins removing each other at
 * the same moment cannot both see the other as the one who stays.
 */
async function adminCount(db: DbOrTx): Promise<number> {
  await lockForUpdate(db, users, eq(users.role, 'admin'));
  return (await db.select({ n: count() }).from(users).where(eq(users.role, 'admin')))[0]?.n ?? 0;
}

export async function createUser({
  db,
  actor,
  passwords,
  input,
}: {
  db: DB;
  actor: Actor;
  passwords: PasswordHasher;
  input: {
    username: string;
    email: string;
    password: string;
    role: Role;
    subscriptionTier?: Tier | null;
  };
}): Promise<TUser> {
  const subscriptionTier =
    input.role === 'admin'
      ? null
      : (input.subscriptionTier ?? (await getPlatformSettings({ db })).defaultUserTier);
  const columns = { role: input.role, subscriptionTier };
  return createPasswordAccount(db, passwords, input, columns, (tx, user) =>
    writeAudit({
      db: tx,
      actor,
      action: 'user.create',
      targetType: 'user',
      targetId: user.id,
      after: { username: user.username, email: user.email, role: user.role, subscriptionTier },
    }),
  );
}

export async function updateUser({
  db,
  actor,
  input,
}: ActionWithInput<TUpdateUserRequest>): Promise<TUser> {
  const defaultTier = (await getPlatformSettings({ db })).defaultUserTier;
  // The reads that decide the change (the row, how many admins are left) sit in its transaction.
  return db.transaction(async (tx) => {
    const before = await findUser(tx, input.id);
    const role = input.role ?? before.role;
    // SPEC 4: an admin has no tier; anyone else keeps (or gets) one.
    let subscriptionTier: Tier | null =
      input.subscriptionTier !== undefined ? input.subscriptionTier : before.subscriptionTier;
    if (role === 'admin') subscriptionTier = null;
    else if (subscriptionTier === null) subscriptionTier = defaultTier;

    if (role !== before.role) {
      if (before.id === actor.id) {
        throw new AppError('FORBIDDEN', 'You cannot change your own role');
      }
      if (before.role === 'admin' && (await adminCount(tx)) <= 1) {
        throw new AppError('CONFLICT', 'The last admin cannot be removed');
      }
    }
    if (role === before.role && subscriptionTier === before.subscriptionTier) return before;

    const [after] = await tx
      .update(users)
      // A ban's reason belongs to the ban: a role change that lifts it clears it too.
      .set({
        role,
        subscriptionTier,
        ...(role !== 'banned' ? { banReason: null } : {}),
        // A tier an admin sets is held without an end (issue 33): a plan's end and the plan due
        // after it belonged to the tier replaced. Grants with an end are adminUsers.subscription.
        ...(subscriptionTier !== before.subscriptionTier
          ? { tierExpiresAt: null, nextTier: null, nextPeriodDays: null }
          : {}),
      })
      .where(eq(users.id, before.id))
      .returning(publicUserColumns);
    // A demotion or a ban ends the member's sessions at once; a promotion need not (the role
    // is read from the user row on every request).
    if (ROLE_RANK[role] < ROLE_RANK[before.role]) {
      await deleteUserSessions({ db: tx, userId: before.id });
    }
    await writeAudit({
      db: tx,
      actor,
      action: role !== before.role ? (role === 'banned' ? 'user.ban' : 'user.role') : 'user.tier',
      targetType: 'user',
      targetId: before.id,
      before: { role: before.role, subscriptionTier: before.subscriptionTier },
      after: { role: after!.role, subscriptionTier: after!.subscriptionTier },
    });
    return after!;
  });
}

/** A user as the admin list shows them, or NOT_FOUND. */
export async function findAdminUser(db: DbOrTx, id: number): Promise<TAdminUser> {
  const [user] = await db.select(adminUserColumns).from(users).where(eq(users.id, id));
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  return user;
}

/** A ban or its lifting: the user row's new columns, and the change as the audit log shows it. */
interface BanChange {
  action: 'user.ban' | 'user.unban';
  set: { role: Role; banReason: string | null; subscriptionTier?: Tier | null };
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** Writes a ban or its lifting and its audit entry; answers the row as the admin list shows it. */
async function writeBanChange(
  tx: DbOrTx,
  actor: Actor,
  userId: number,
  { action, set, before, after }: BanChange,
): Promise<TAdminUser> {
  const [row] = await tx
    .update(users)
    .set(set)
    .where(eq(users.id, userId))
    .returning(adminUserColumns);
  await writeAudit({ db: tx, actor, action, targetType: 'user', targetId: userId, before, after });
  return row!;
}

/**
 * Bans a member with a reason they are shown at sign-in: every session they hold ends at once.
 * Banning someone already banned replaces the reason. Their tier is kept for an unban.
 */
export async function banUser({
  db,
  actor,
  id,
  reason,
}: ActionOnRow & { reason: string }): Promise<TAdminUser> {
  return db.transaction(async (tx) => {
    const before = await findAdminUser(tx, id);
    if (before.id === actor.id) throw new AppError('FORBIDDEN', 'You cannot ban yourself');
    if (before.role === 'admin' && (await adminCount(tx)) <= 1) {
      throw new AppError('CONFLICT', 'The last admin cannot be removed');
    }
    const after = await writeBanChange(tx, actor, before.id, {
      action: 'user.ban',
      set: { role: 'banned', banReason: reason },
      before: { role: before.role, banReason: before.banReason },
      after: { role: 'banned', banReason: reason },
    });
    await deleteUserSessions({ db: tx, userId: before.id });
    return after;
  });
}

/** Lifts a ban: the member is a plain user again, with the tier they had. */
export async function unbanUser({ db, actor, id }: ActionOnRow): Promise<TAdminUser> {
  const defaultTier = (await getPlatformSettings({ db })).defaultUserTier;
  return db.transaction(async (tx) => {
    const before = await findAdminUser(tx, id);
    if (before.role !== 'banned') throw new AppError('CONFLICT', 'This user is not banned');
    // A banned former admin has no tier: they come back with the platform's default one.
    const subscriptionTier = before.subscriptionTier ?? defaultTier;
    return writeBanChange(tx, actor, before.id, {
      action: 'user.unban',
      set: { role: 'user', banReason: null, subscriptionTier },
      before: { role: 'banned', banReason: before.banReason },
      after: { role: 'user', subscriptionTier },
    });
  });
}

export async function setTemporaryPassword({
  db,
  actor,
  passwords,
  id,
  password,
}: ActionOnRow & {
  passwords: PasswordHasher;
  password: string;
}): Promise<void> {
  const target = await findUser(db, id);
  assertPasswordAllowed(password, target);
  const hash = await passwords.hash(password);
  await db.transaction(async (tx) => {
    // The member must choose their own at the next sign-in, before anything else.
    const changed = (
      await tx
        .update(users)
        .set({ password: hash, mustChangePassword: true })
        .where(eq(users.id, target.id))
        .returning({ id: users.id })
    ).length;
    // Deleted while the password was being hashed.
    if (!changed) throw new AppError('NOT_FOUND', 'User not found');
    await deleteUserSessions({ db: tx, userId: target.id });
    await writeAudit({
      db: tx,
      actor,
      action: 'user.password',
      targetType: 'user',
      targetId: target.id,
      after: { username: target.username },
    });
  });
}

export async function deleteUser({ db, actor, id }: ActionOnRow): Promise<void> {
  // One transaction: their participations are removed first (the contests they took part in
  // count one participant fewer and the members ranked below them move up), then the account,
  // whose sessions and saved items go by cascade. Contests they created keep their creator id;
  // payment proofs stay as financial records (their member becomes null, the name is kept).
  await db.transaction(async (tx) => {
    const target = await findUser(tx, id);
    if (target.id === actor.id) {
      throw new AppError('FORBIDDEN', 'You cannot delete your own account');
    }
    if (target.role === 'admin' && (await adminCount(tx)) <= 1) {
      throw new AppError('CONFLICT', 'The last admin cannot be removed');
    }
    // Their boards hear of it from participation's writer.
    await removeFromAllContests({ db: tx, userId: target.id });
    await tx.delete(users).where(and(eq(users.id, target.id)));
    await writeAudit({
      db: tx,
      actor,
      action: 'user.delete',
      targetType: 'user',
      targetId: target.id,
      before: {
        username: target.username,
        email: target.email,
        role: target.role,
        subscriptionTier: target.subscriptionTier,
      },
    });
  });
}
