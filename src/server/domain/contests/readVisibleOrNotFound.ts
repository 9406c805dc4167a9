// The read every area's page of a contest starts with (a board, its rules, its score history):
// the contest as the viewer may see it, and a hidden one answered 404 exactly as a missing one.
import type { DB } from '../../platform/db/client';
import { notFound, readVisible, type ContestRow, type Viewer } from './contestReads';

export async function readVisibleOrNotFound(
  db: DB,
  viewer: Viewer,
  contestId: number,
): Promise<ContestRow> {
  const contest = await readVisible(db, viewer, contestId);
  if (!contest) throw notFound();
  return contest;
}
