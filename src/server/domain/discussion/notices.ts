// The discussion's notifications (issue 32): @mentions, followers' replies (batched), an
// announcement to every participant. Called by afterWrite.ts inside the write's transaction.
// To be written (the notifications slice): each function does nothing yet.
import type { DbOrTx } from '../../platform/db/client';
import type { PostFact } from './afterWrite';

export async function topicNotices(
  _tx: DbOrTx,
  _fact: PostFact & { announcement: boolean; title: string; body: string },
): Promise<void> {}

export async function replyNotices(
  _tx: DbOrTx,
  _fact: PostFact & { body: string },
): Promise<void> {}

export async function editNotices(
  _tx: DbOrTx,
  _fact: PostFact & { body: string | null; previousBody: string },
): Promise<void> {}
