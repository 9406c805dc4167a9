// Where a statement's writers (upload, review) tell the board that an entrant's counting
// statement changed: the places are written again in their transaction, and the contest's
// leaderboard channel tells the open boards.
import type { DbOrTx } from '../../platform/db/client';
import { placeTraders } from './board/places';

export async function traderBoardChanged(tx: DbOrTx, contestId: number): Promise<void> {
  await placeTraders(tx, contestId);
}
