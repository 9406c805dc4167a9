// The words of final places (issue 29, point 5) where they are read: a placement is stored as the
// participants' scores (place 1 = score 1, a shared place the same score), so how many share a
// place is how many have that score.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { contestParticipants as cp } from '../../platform/db/schema';
import { placeText } from '../../../shared/places';

/** The words of each of these places of the contest ('3rd-4th'); null for no place. */
export async function placeWords(
  db: DbOrTx,
  contestId: number,
  places: readonly (number | null)[],
): Promise<(place: number | null) => string | null> {
  const wanted = [...new Set(places.filter((p): p is number => p !== null))];
  const rows = wanted.length
    ? await db
        .select({ place: cp.score, n: sql<number>`count(*)` })
        .from(cp)
        .where(and(eq(cp.contestId, contestId), inArray(cp.score, wanted)))
        .groupBy(cp.score)
    : [];
  const shared = new Map(rows.map((r) => [r.place, Number(r.n)]));
  return (place) => (place === null ? null : placeText(place, shared.get(place) ?? 1));
}
