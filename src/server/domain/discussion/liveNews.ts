// The discussion's live news (issue 32): a topic's readers and its contest's topic list hear a
// change once it commits (platform/events.ts). Called by afterWrite.ts.
// To be written (the live slice): each function does nothing yet.
import type { DbOrTx } from '../../platform/db/client';

export async function topicChanged(
  _tx: DbOrTx,
  _fact: { contestId: number; topicId: number },
): Promise<void> {}

export async function topicListChanged(
  _tx: DbOrTx,
  _fact: { contestId: number; topicId: number },
): Promise<void> {}
