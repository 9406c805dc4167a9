// The audit log: every admin action with the values before and after.
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { countRows, onePage } from '../../platform/db/pages';
import { auditLog, contests, users } from '../../platform/db/schema';
import { containsPattern, idMatchesText, likeCaseless } from '../../platform/db/dialect';
import { isDayBound, type TAuditEntry } from '../../../shared/schemas/audit';
import type { Actor } from '../../platform/actor';

export type { Actor } from '../../platform/actor';

export async function writeAudit({
  db,
  actor,
  action,
  targetType,
  targetId,
  before,
  after,
}: {
  db: DbOrTx;
  actor: Pick<Actor, 'id' | 'username' | 'ip' | 'userAgent'>;
  action: string;
  targetType: string;
  targetId?: string | number | null;
  before?: unknown;
  after?: unknown;
}): Promise<void> {
  await db.insert(auditLog).values({
    // 0 is the console (`npm run admin`): an action by nobody who signs in.
    actorId: actor.id > 0 ? actor.id : null,
    actorName: actor.username,
    action,
    targetType,
    targetId: targetId === undefined || targetId === null ? null : String(targetId),
    before: before === undefined ? null : JSON.stringify(before),
    after: after === undefined ? null : JSON.stringify(after),
    ip: actor.ip ?? null,
    userAgent: actor.userAgent?.slice(0, 300) ?? null,
  });
}

function parse(value: string | null): unknown {
  if (value === null) return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

const DAY_MS = 24 * 3600 * 1000;

export async function listAudit({
  db,
  page,
  pageSize,
  action,
  actor,
  from,
  to,
}: {
  db: DB;
  page: number;
  pageSize: number;
  action?: string;
  actor?: string;
  from?: string;
  to?: string;
}): Promise<{ entries: TAuditEntry[]; total: number; page: number; pageSize: number }> {
  const term = actor?.trim();
  const pattern = term ? containsPattern(term) : undefined;
  // Both bounds are inclusive: a 'to' day runs up to the start of the next day.
  const toMs = to ? Date.parse(to) + (isDayBound(to) ? DAY_MS : 1) : undefined;
  const where = and(
    action ? eq(auditLog.action, action) : undefined,
    pattern ? likeCaseless(auditLog.actorName, pattern) : undefined,
    from ? gte(auditLog.createdAt, new Date(Date.parse(from))) : undefined,
    toMs !== undefined ? lt(auditLog.createdAt, new Date(toMs)) : undefined,
  );
  const query = db
    .select({
      id: auditLog.id,
      actorId: auditLog.actorId,
      actorName: auditLog.actorName,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      targetName: sql<string | null>`coalesce(${users.username}, ${contests.title})`,
      before: auditLog.before,
      after: auditLog.after,
      ip: auditLog.ip,
      userAgent: auditLog.userAgent,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    // The target's name as it is now: a renamed member shows their new name, a contest its
    // current title, a deleted one none.
    .leftJoin(
      users,
      and(eq(auditLog.targetType, 'user'), idMatchesText(users.id, auditLog.targetId)),
    )
    .leftJoin(
      contests,
      and(eq(auditLog.targetType, 'contest'), idMatchesText(contests.id, auditLog.targetId)),
    )
    .where(where)
    .orderBy(desc(auditLog.id))
    .$dynamic();
  const rows = await onePage(query, { page, pageSize });
  const total = await countRows(db, auditLog, where);
  return {
    entries: rows.map((r) => ({ ...r, before: parse(r.before), after: parse(r.after) })),
    total,
    page,
    pageSize,
  };
}
