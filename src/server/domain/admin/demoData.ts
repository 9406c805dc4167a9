// 'Remove demo data' (issue 18): which seeded rows nobody has touched, what stays and why, and
// their removal. The seed records every row it writes in demo_rows (an install seeded before
// that is back-filled by the table's migration); the plan below is the one rule of what goes,
// used by the preview and, computed again inside its transaction, by the removal, so the
// preview is exactly what the removal does.
//
// The seed writes no upload files (the demo covers are the shipped /images/contests/*.jpg), and
// a seeded row that came to reference an upload (a new cover, an avatar) has been edited and
// stays, so a removal leaves no file behind; the periodic clean-up (platform/files/cleanup.ts)
// remains the one remover of files.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { DB, DbOrTx } from '../../platform/db/client';
import { lockForUpdate } from '../../platform/db/dialect';
import {
  contestParticipants as cp,
  contests,
  demoRows,
  educationContent,
  liveChannels,
  users,
} from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import {
  countRows,
  type DemoTable,
  type TDemoPlan,
  type TRemoveDemoDataResponse,
} from '../../../shared/schemas/demoData';
import { writeAudit, type Actor } from '../audit';
import { DEMO_NO_PASSWORD, recordedIds, demoPlan } from './demoPlan';

/** Records rows the demo seed has just written, in the seed's transaction. */
export async function recordDemoRows(db: DbOrTx, table: DemoTable, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db
    .insert(demoRows)
    .values(ids.map((rowId) => ({ tableName: table, rowId })))
    .onConflictDoNothing();
}

/** The preview: the plan as the admin reads it. */
export async function previewDemoRemoval({ db }: { db: DB }): Promise<TDemoPlan> {
  const { ids: _ids, ...plan } = await demoPlan({ db });
  return plan;
}

/**
 * Removes what the plan the admin previewed (named by its token) removes, in one transaction.
 * The plan is computed again inside it, after locking the seeded rows on PostgreSQL (the order
 * of a payment review: members, then contests), so a join, a score or an edit that lands
 * meanwhile either waits for the removal or is seen by it; when that changes the plan, the
 * removal is refused and the admin reviews the new preview.
 */
export async function removeDemoData({
  db,
  actor,
  token,
}: {
  db: DB;
  actor: Actor;
  token: string;
}): Promise<TRemoveDemoDataResponse> {
  return db.transaction(async (tx) => {
    const recorded = await recordedIds(tx);
    if (recorded.users.length) {
      await lockForUpdate(tx, users, inArray(users.id, recorded.users));
    }
    if (recorded.contests.length) {
      await lockForUpdate(tx, contests, inArray(contests.id, recorded.contests));
    }
    if (recorded.education_content.length) {
      await lockForUpdate(
        tx,
        educationContent,
        inArray(educationContent.id, recorded.education_content),
      );
    }
    const plan = await demoPlan({ db: tx });
    if (plan.token !== token) {
      throw new AppError(
        'plan_changed',
        'The demo data changed since the preview. Review what will be removed and confirm again.',
      );
    }
    const { contest, member, education } = plan.ids;
    if (contest.length) {
      // Their seeded leaderboard entries go by cascade: nobody else is in these contests, so
      // there is no count or rank left to keep. Their live channels' counters go too.
      await tx.delete(liveChannels).where(
        inArray(
          liveChannels.channel,
          contest.map((id) => `contest:${id}`),
        ),
      );
      await tx.delete(contests).where(inArray(contests.id, contest));
    }
    if (member.length) {
      // The seed's password too: a member row that is not the seed's is never deleted here.
      await tx
        .delete(users)
        .where(and(inArray(users.id, member), eq(users.password, DEMO_NO_PASSWORD)));
    }
    if (education.length) {
      await tx.delete(educationContent).where(inArray(educationContent.id, education));
    }
    // The records of rows that are gone (these, and any removed some other way before).
    const tables: [DemoTable, SQLiteTable, SQLiteColumn][] = [
      ['users', users, users.id],
      ['contests', contests, contests.id],
      ['contest_participants', cp, cp.id],
      ['education_content', educationContent, educationContent.id],
    ];
    for (const [name, table, id] of tables) {
      await tx
        .delete(demoRows)
        .where(
          and(
            eq(demoRows.tableName, name),
            sql`NOT EXISTS (SELECT 1 FROM ${table} WHERE ${id} = ${demoRows.rowId})`,
          ),
        );
    }
    if (plan.remove.length) {
      await writeAudit({
        db: tx,
        actor,
        action: 'demo.remove',
        targetType: 'demo',
        after: {
          removed: countRows(plan.remove),
          leaderboardEntries: plan.entries,
          kept: countRows(plan.keep) || 'nothing',
          names: plan.remove.map((r) => r.name),
          keptBecause: plan.keep.map((k) => `${k.name}: ${k.reasons.join('; ')}`),
        },
      });
    }
    return { removed: plan.remove, entries: plan.entries, kept: plan.keep };
  });
}
