// The one call every statement write makes once what the board shows may have changed (an upload,
// a review, a duplicate flag on another trader's statement), inside the write's transaction.
import type { DbOrTx } from '../../platform/db/client';

export async function traderBoardChanged(_tx: DbOrTx, _contestId: number): Promise<void> {
  // the board helper fills this
}
