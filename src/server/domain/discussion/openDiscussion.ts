// The contest's 'open discussion' switch (issue 32): on, any signed-in member may write in its
// discussion, not only participants and staff. The organiser's, audited.
import { eq } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { contests } from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../audit';
import { organisedContest } from './access';

export async function setOpenDiscussion({
  db,
  actor,
  contestId,
  open,
}: {
  db: DB;
  actor: Actor;
  contestId: number;
  open: boolean;
}): Promise<{ contestId: number; open: boolean }> {
  await db.transaction(async (tx) => {
    const contest = await organisedContest(tx, actor, contestId);
    if (contest.openDiscussion === open) return;
    await tx.update(contests).set({ openDiscussion: open }).where(eq(contests.id, contest.id));
    await writeAudit({
      db: tx,
      actor,
      action: 'contest.discussion.open',
      targetType: 'contest',
      targetId: contest.id,
      before: { openDiscussion: contest.openDiscussion },
      after: { openDiscussion: open },
    });
  });
  return { contestId, open };
}
