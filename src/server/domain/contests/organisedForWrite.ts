// The one read every organiser-only write of another area starts with (results, prizes,
// submissions): the contest locked for the caller's transaction, 404 when the actor may not see
// it, 403 not_organiser (in the area's own words) when they may see it but do not run it.
import type { DbOrTx } from '../../platform/db/client';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { isOrganiser } from '../../../shared/contests';
import { notFound, readForWrite, type ContestRow } from './contestReads';

export async function organisedForWrite(
  tx: DbOrTx,
  actor: Actor,
  contestId: number,
  notOrganiserMessage: string,
): Promise<ContestRow> {
  const contest = await readForWrite(tx, contestId, { visibleTo: actor });
  if (!contest) throw notFound();
  if (!isOrganiser(contest, actor)) throw new AppError('not_organiser', notOrganiserMessage);
  return contest;
}
