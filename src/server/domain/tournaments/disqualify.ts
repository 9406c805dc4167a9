// Disqualifying a player after the start (issue 29 point 3): every unplayed match of theirs
// becomes a forfeit (now, and whenever a later match of theirs becomes ready: settle in
// progress.ts does both), the bracket advances, and their place is marked 'DQ' (a table ranks
// them last of those still in; a knockout places them where they went out). Creator, moderators
// and admins only; before the start the organiser removes a player instead (roster.ts).
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { contestParticipants as cp, users } from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../audit';
import { setDisqualified } from '../participation';
import { notifyDisqualified } from '../messages';
import { contestPhase, hasStarted } from '../../../shared/lifecycle';
import type { TPlayerReasonInput, TRosterPlayer } from '../../../shared/schemas/roster';
import { organisedContest, refuse } from './contest';
import { readyKeys, settle } from './progress';
import { BracketStore } from './storage';

export const DISQUALIFY_MESSAGES = {
  not_started: 'The contest has not started: remove the player instead of disqualifying them',
  contest_completed: 'The contest has ended: its places are final',
  not_a_player: 'This member is not a player of this contest',
  already_disqualified: 'This player is disqualified already',
} as const;

export async function disqualifyPlayer(
  tx: DbOrTx,
  actor: Actor,
  { contestId, userId, reason }: TPlayerReasonInput,
): Promise<TRosterPlayer> {
  // The contest's lock: results and this change of the bracket run one at a time.
  const contest = await organisedContest(tx, actor, contestId, { lock: true });
  const phase = contestPhase(contest);
  if (phase === 'completed') {
    throw refuse('contest_completed', DISQUALIFY_MESSAGES.contest_completed);
  }
  if (!hasStarted(phase)) throw refuse('not_started', DISQUALIFY_MESSAGES.not_started);
  const [player] = await tx
    .select({
      id: cp.id,
      userId: cp.userId,
      username: users.username,
      joinedAt: cp.joinedAt,
      checkedInAt: cp.checkedInAt,
      feeWaived: cp.feeWaived,
      disqualifiedAt: cp.disqualifiedAt,
    })
    .from(cp)
    .innerJoin(users, eq(users.id, cp.userId))
    .where(and(eq(cp.contestId, contestId), eq(cp.userId, userId)));
  if (!player) throw refuse('not_a_player', DISQUALIFY_MESSAGES.not_a_player);
  if (player.disqualifiedAt) {
    throw refuse('already_disqualified', DISQUALIFY_MESSAGES.already_disqualified);
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
    before: { userId, participantId: player.id },
    after: { userId, participantId: player.id, reason: why },
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
    participantId: player.id,
    joinedAt: player.joinedAt,
    checkedInAt: player.checkedInAt,
    feeWaived: player.feeWaived,
    state: 'disqualified',
    reason: why,
    stateAt: at,
  };
}
