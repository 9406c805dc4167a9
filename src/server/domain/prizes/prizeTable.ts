// A contest's prize table (issue 30): read by whoever may see the contest, set by its organiser
// (creator, moderators, admins). Being written: see issue 30.
import type { DbOrTx } from '../../platform/db/client';
import type { Actor } from '../../platform/actor';
import type { TPrizes, TSetPrizesInput } from '../../../shared/schemas/prizes';

export async function readPrizes(
  _db: DbOrTx,
  _viewer: Actor,
  _input: { contestId: number },
): Promise<TPrizes> {
  throw new Error('prizes: being written (issue 30)');
}

export async function setPrizes(
  _tx: DbOrTx,
  _actor: Actor,
  _input: TSetPrizesInput,
): Promise<TPrizes> {
  throw new Error('prizes: being written (issue 30)');
}
