// Disqualifying a player after the start (issue 29 point 3): every unplayed match of theirs
// becomes a forfeit (now, and whenever a later match of theirs becomes ready), the bracket
// advances, and their place is marked 'DQ'. Creator, moderators and admins only.
import type { DbOrTx } from '../../platform/db/client';
import type { Actor } from '../../platform/actor';
import type { TPlayerReasonInput, TRosterPlayer } from '../../../shared/schemas/roster';

export async function disqualifyPlayer(
  _tx: DbOrTx,
  _actor: Actor,
  _input: TPlayerReasonInput,
): Promise<TRosterPlayer> {
  throw new Error('disqualify: being written (issue 29 point 3)');
}
