// What follows a report or a moderator's action (issue 32): the author told (with the reason),
// the moderators' queue. Called by afterWrite.ts inside the write's transaction.
// To be written (the moderation slice): each function does nothing yet.
import type { DbOrTx } from '../../platform/db/client';
import type { PostFact } from './postFact';

export type ModerationAction = 'hide' | 'restore' | 'delete' | 'dismiss';

export async function reportNotices(
  _tx: DbOrTx,
  _fact: PostFact & { hidden: boolean },
): Promise<void> {}

export async function moderationNotices(
  _tx: DbOrTx,
  _fact: PostFact & { action: ModerationAction; reason: string | null },
): Promise<void> {}
