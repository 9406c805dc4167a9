// The organiser's list of who a bracket would seed, for the generate dialog's manual order:
// the participants (the checked-in only when check-in is on, as generation reads them), in the
// order 'by current leaderboard score' would seed them.
import type { DbOrTx } from '../../platform/db/client';
import type { Actor } from '../../platform/actor';
import type { TEntrant } from '../../../shared/schemas/tournamentEntrants';
import { bracketFormat, organisedContest } from './contest';
import { byScore } from './generate';
import { contestParticipantsOf } from './names';

export async function readEntrants(
  db: DbOrTx,
  actor: Actor,
  contestId: number,
): Promise<TEntrant[]> {
  const contest = await organisedContest(db, actor, contestId);
  bracketFormat(contest);
  let participants = await contestParticipantsOf(db, contest.id);
  if (contest.settings.checkInMinutes > 0) {
    participants = participants.filter((p) => p.checkedInAt !== null);
  }
  return byScore(participants, contest.scoreOrder).map((p) => ({
    id: p.id,
    name: p.name,
    score: p.score,
    checkedIn: p.checkedInAt !== null,
  }));
}
