// Reading a contest's results: whoever may see the contest (hidden or missing: 404).
import type { DB } from '../../platform/db/client';
import type { Actor } from '../../platform/actor';
import { readVisibleOrNotFound } from '../contests';
import type { TResults } from '../../../shared/schemas/results';
import { presentResults, storedResults } from './stored';

export async function readResults(
  db: DB,
  viewer: Actor,
  input: { contestId: number },
): Promise<TResults> {
  const contest = await readVisibleOrNotFound(db, viewer, input.contestId);
  return presentResults(db, contest, await storedResults(db, contest.id), viewer);
}
