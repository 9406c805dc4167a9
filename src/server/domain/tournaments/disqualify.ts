// Disqualifying a player after the start (issue 29 point 3): every unplayed match of theirs
// becomes a forfeit (now, and whenever a later match of theirs becomes ready: settle in
// progress.ts does both), the bracket advances, and their place is marked 'DQ' (a table ranks
// them last of those still in; a knockout places them where they went out). Creator, moderators
// and admins only; before the start the organiser removes a player instead (roster.ts).
import type { DbOrTx } from '../../platform/db/client';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../audit';
import { setDisqualified } from '../participation';
import { notifyDisqualified } from '../messages';
import { contestPhase, hasStarted } from '../../../shared/lifecycle';
import {
  ROSTER_MESSAGES,
  type TPlayerReasonInput,
  type TRosterPlayer,
} from '../../../shared/schemas/roster';
import { organisedContest, refuse } from './contest';
import { readyKeys, settle } from './progress';
import { BracketStore } from './storage';
import { playerIn } from './players';

export async function disqualifyPlayer(
  tx: DbOrTx,
  actor: Actor,
  { contestId, userId, reason }: TPlayerReasonInput,
): Promise<TRosterPlayer> {
  // The contest's lock: results and this change of the bracket run one at a time.
  const contest = await organisedContest(tx, actor, contestId, { lock: true });
  const phase = contestPhase(contest);
  if (phase === 'completed') {
    throw refuse('contest_completed', ROSTER_MESSAGES.contestCompleted);
  }
  if (!hasStarted(phase)) throw refuse('not_started', ROSTER_MESSAGES.notStarted);
  const player = await playerIn(tx, contestId, userId);
  if (player.disqualifiedAt) {
    throw refuse('already_disqualified', ROSTER_MESSAGES.alreadyDisqualified);
  }
  const at = new Date();
  const why = reason.trim();
  await setDisqualified({ db: tx, contestId, userId, at, reason: why });
  await writeAudit({
    db: tx,
    actor,
    action: 'contest.participant.disqualified',
    targetType: 'contest',
    targetId: contestId,
    before: { userId, participantId: player.participantId },
    after: { userId, participantId: player.participantId, reason: why },
  });
  // The bracket (loaded after the mark, so it knows them) forfeits their ready matches and
  // advances, as an organiser's forfeit does; a bracket not generated yet will not seed them.
  const store = await BracketStore.load(tx, contestId);
  if (!store.isEmpty) {
    await settle(tx, contest, store, { readyBefore: readyKeys(store), origin: actor.origin });
  }
  await notifyDisqualified(tx, { contest, userId, reason: why }, { origin: actor.origin });
  return {
    userId,
    username: player.username,
    participantId: player.participantId,
    joinedAt: player.joinedAt,
    checkedInAt: player.checkedInAt,
    feeWaived: player.feeWaived,
    state: 'disqualified',
    reason: why,
    stateAt: at,
  };
}
