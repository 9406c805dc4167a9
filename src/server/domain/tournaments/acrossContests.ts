// Reads across contests: the caller's next match wherever they take part, and the moderators'
// queue of disputed results. Each match is presented by its contest's view (reads.ts), so what a
// caller may not see stays out (a hidden contest is skipped, as if it had no match).
import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import { notByeMatch } from './byeFilter';
import type { DbOrTx } from '../../platform/db/client';
import {
  bracketMatches,
  contestParticipants as cp,
  contests,
  teamMembers,
} from '../../platform/db/schema';
import { contestVisibleTo, type Viewer } from '../contests';
import type { TMatch, TNextMatch } from '../../../shared/schemas/tournaments';
import { visibleContest } from './contest';
import { loadView, matchView } from './reads';
import { isPlayable, MATCH_STATUS } from './status';

const rowsOfMatch = {
  id: bracketMatches.id,
  contestId: bracketMatches.contestId,
  status: bracketMatches.status,
  scheduledAt: bracketMatches.scheduledAt,
  participant1Id: bracketMatches.participant1Id,
  participant2Id: bracketMatches.participant2Id,
};

interface CandidateRow {
  id: number;
  contestId: number;
  status: number;
  scheduledAt: Date | null;
  participant1Id: number | null;
  participant2Id: number | null;
}

/**
 * The caller's next match: ready or running first, then waiting for an opponent; the earliest
 * scheduled first, then in bracket order. Across every contest they take part in, or in one.
 */
export async function readNextMatch(
  db: DbOrTx,
  viewer: Viewer,
  contestId?: number,
): Promise<TNextMatch | null> {
  if (contestId !== undefined) await visibleContest(db, viewer, contestId);
  // The viewer's own entries, and in team mode their team's (the captain's row stands for it).
  const myTeams = db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, viewer.id), eq(teamMembers.state, 'member')));
  const mine = await db
    .select({ id: cp.id, contestId: cp.contestId })
    .from(cp)
    .where(
      and(
        or(eq(cp.userId, viewer.id), inArray(cp.teamId, myTeams)),
        contestId === undefined ? undefined : eq(cp.contestId, contestId),
      ),
    );
  if (!mine.length) return null;
  const ids = mine.map((m) => m.id);
  const open = [MATCH_STATUS.Waiting, MATCH_STATUS.Ready, MATCH_STATUS.Running];
  const candidates: CandidateRow[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    candidates.push(
      ...(await db
        .select(rowsOfMatch)
        .from(bracketMatches)
        .where(
          and(
            inArray(bracketMatches.status, open),
            // A bye is never played.
            notByeMatch(),
            or(
              inArray(bracketMatches.participant1Id, chunk),
              inArray(bracketMatches.participant2Id, chunk),
            ),
          ),
        )
        .orderBy(desc(bracketMatches.status), asc(bracketMatches.id))
        .limit(50)),
    );
  }
  const visible = new Map<number, { slug: string; title: string } | null>();
  candidates.sort((a, b) => {
    const ready = Number(isPlayable(b.status)) - Number(isPlayable(a.status));
    if (ready) return ready;
    const at = (a.scheduledAt?.getTime() ?? Infinity) - (b.scheduledAt?.getTime() ?? Infinity);
    if (at && !Number.isNaN(at)) return at;
    return a.id - b.id;
  });
  for (const c of candidates) {
    if (!visible.has(c.contestId)) {
      const [row] = await db
        .select({ slug: contests.slug, title: contests.title })
        .from(contests)
        .where(and(eq(contests.id, c.contestId), contestVisibleTo(viewer)));
      visible.set(c.contestId, row ?? null);
    }
    const ref = visible.get(c.contestId);
    if (!ref) continue;
    const match = await matchView(db, viewer, c.id, c.contestId);
    if (!match) continue;
    const side = ids.includes(c.participant1Id ?? -1) ? 0 : 1;
    return { ...match, contestTitle: ref.title, contestSlug: ref.slug, side };
  }
  return null;
}

/** Moderators' queue: disputed results across contests, oldest first. */
export async function readDisputes(db: DbOrTx, viewer: Viewer) {
  const rows = await db
    .select({ id: bracketMatches.id, contestId: bracketMatches.contestId })
    .from(bracketMatches)
    .where(eq(bracketMatches.reportState, 'disputed'))
    .orderBy(asc(bracketMatches.updatedAt), asc(bracketMatches.id))
    .limit(200);
  const out: (TMatch & { contestTitle: string; contestSlug: string })[] = [];
  const views = new Map<number, Awaited<ReturnType<typeof loadView>>>();
  for (const row of rows) {
    let view = views.get(row.contestId);
    if (!view) views.set(row.contestId, (view = await loadView(db, viewer, row.contestId)));
    const match = view.store.matches.find((m) => m.id === row.id);
    if (!match) continue;
    out.push({
      ...view.present(match),
      contestTitle: view.contest.title,
      contestSlug: view.contest.slug,
    });
  }
  return out;
}
