// The audit log: every admin action with the values before and after.
import { count, desc, eq } from 'drizzle-orm';
import type { DB, DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';
import type { TAuditEntry } from '../../shared/schemas/audit';
import type { Actor } from './actor';

export type { Actor } from './actor';

export function writeAudit({
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
}): void {
  db.insert(auditLog)
    .values({
      actorId: actor.id,
      actorName: actor.username,
      action,
      targetType,
      targetId: targetId === undefined || targetId === null ? null : String(targetId),
      before: before === undefined ? null : JSON.stringify(before),
      after: after === undefined ? null : JSON.stringify(after),
      ip: actor.ip ?? null,
      userAgent: actor.userAgent?.slice(0, 300) ?? null,
    })
    .run();
}

function parse(value: string | null): unknown {
  if (value === null) return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

export function listAudit({
  db,
  page,
  pageSize,
  action,
}: {
  db: DB;
  page: number;
  pageSize: number;
  action?: string;
}): { entries: TAuditEntry[]; total: number; page: number; pageSize: number } {
  const where = action ? eq(auditLog.action, action) : undefined;
  const rows = db
    .select({
      id: auditLog.id,
      actorId: auditLog.actorId,
      actorName: auditLog.actorName,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      before: auditLog.before,
      after: auditLog.after,
      ip: auditLog.ip,
      userAgent: auditLog.userAgent,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
  const total = db.select({ n: count() }).from(auditLog).where(where).get()?.n ?? 0;
  return {
    entries: rows.map((r) => ({ ...r, before: parse(r.before), after: parse(r.after) })),
    total,
    page,
    pageSize,
  };
}
