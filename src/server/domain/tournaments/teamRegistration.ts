// Team mode (issue 19 'Teams'): registering a team as ONE participant. A registered team is its
// captain's contest_participants row carrying team_id (written through participation), so the
// cap counts teams and a paid contest is paid once, by the captain, through the proof flow
// (reviewTeamFee).
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { teams } from '../../platform/db/schema';
import type { Limits } from '../../platform/limits';
import {
  addParticipant,
  joinRefusalFor,
  refusalError,
  withInviteGuessLimit,
  type JoinContest,
  type JoinRefusalInfo,
} from '../participation';
import { notifyJoined } from '../messages';
import type { TTournamentSettings } from '../../../shared/schemas/tournaments';
import { teamTooSmallMessage } from '../../../shared/teams';
import { teamError } from './teamErrors';
import {
  membersOf,
  readTeam,
  registrationOf,
  teamColumns,
  teamFeePaid,
  teamSettingsOf,
  type TeamRow,
} from './teamRows';
import { changeTeam, memberRefusal, type TeamChangeArgs } from './teamChange';

/**
 * Registers a team ready to take part (at least the minimum size, every member admitted by the
 * join rule as a person, the captain by the whole rule: place, invite code, fee) as ONE
 * participant: the captain's row carrying the team. Answers false when it is not ready.
 */
async function admitTeam(
  tx: DbOrTx,
  {
    team,
    contest,
    settings,
    captainRefusal,
    now,
    paidAt,
    origin,
    strict,
  }: {
    team: TeamRow;
    contest: JoinContest;
    settings: TTournamentSettings;
    captainRefusal: JoinRefusalInfo | null;
    now: number;
    /** A fee's review: paid while registration was open admits after the deadline (as joins). */
    paidAt?: number;
    origin?: string;
    /** Refuse with the reason (registration) rather than answer false (a fee's review). */
    strict: boolean;
  },
): Promise<boolean> {
  if (captainRefusal) {
    if (strict) throw refusalError(captainRefusal);
    return false;
  }
  const members = await membersOf(tx, team.id);
  if (members.length < settings.teamMin) {
    if (!strict) return false;
    throw teamError('team_too_small', teamTooSmallMessage(settings.teamMin), {
      teamMin: settings.teamMin,
    });
  }
  for (const member of members) {
    if (member.userId === team.captainId) continue;
    const refusal = await memberRefusal(tx, contest, member, now, false, paidAt);
    if (refusal) {
      if (strict) throw refusal;
      return false;
    }
  }
  await addParticipant({ db: tx, contestId: contest.id, userId: team.captainId, teamId: team.id });
  for (const member of members) {
    if (member.userId === team.captainId && !strict) continue;
    await notifyJoined(tx, { userId: member.userId, contestId: contest.id }, { origin });
  }
  return true;
}

/** The captain registers the team (Register on the Teams panel). */
export async function registerTeam({
  db,
  actor,
  teamId,
  inviteCode,
  limits,
  now = Date.now(),
}: TeamChangeArgs & {
  inviteCode?: string | null;
  /** The request's abuse limits: wrong invite codes are limited as on a join. */
  limits?: Limits;
}): Promise<void> {
  // The code is the contest's: wrong ones count per contest, as a join's do.
  const contestId = limits && inviteCode ? (await readTeam(db, teamId))?.contestId : undefined;
  const guess = { limits, actor, contestId, inviteCode };
  await withInviteGuessLimit(guess, () => registerNow({ db, actor, teamId, inviteCode, now }));
}

async function registerNow(
  args: TeamChangeArgs & { inviteCode?: string | null; now: number },
): Promise<void> {
  const { inviteCode } = args;
  await changeTeam(args, 'captain', async ({ tx, team, contest, settings, actor, now }) => {
    if (await registrationOf(tx, team.id)) throw teamError('team_registered');
    const members = await membersOf(tx, team.id);
    const captainRefusal = await joinRefusalFor({
      db: tx,
      contest,
      userId: team.captainId,
      inviteCode,
      team: 'captain',
      feeVerified: await teamFeePaid(
        tx,
        contest.id,
        members.map((m) => m.userId),
      ),
      now,
    });
    await admitTeam(tx, {
      team,
      contest,
      settings,
      captainRefusal,
      now,
      origin: actor.origin,
      strict: true,
    });
  });
}

/**
 * A team contest's entry fee under review (payments reviewProof, inside its transaction and the
 * contest's lock): when the payer captains a team, the join rule is asked for them as the
 * team's captain, paying; its refusal refuses the review as for anyone. Otherwise the fee is
 * verified, and the team is registered at once when it is ready (else its captain registers it
 * later: the fee counts as paid). Answers whether the team was admitted.
 */
export async function reviewTeamFee(
  tx: DbOrTx,
  {
    contest,
    payerId,
    paidAt,
    now,
    origin,
  }: { contest: JoinContest; payerId: number; paidAt: number; now: number; origin?: string },
): Promise<{ refusal: JoinRefusalInfo | null; admitted: boolean }> {
  const [team] = await tx
    .select(teamColumns)
    .from(teams)
    .where(and(eq(teams.contestId, contest.id), eq(teams.captainId, payerId)));
  if (!team) return { refusal: null, admitted: false };
  const refusal = await joinRefusalFor({
    db: tx,
    contest,
    userId: payerId,
    team: 'captain',
    paying: true,
    paidAt,
    now,
  });
  if (refusal) {
    return { refusal: refusal.reason === 'already_joined' ? null : refusal, admitted: false };
  }
  const admitted = await admitTeam(tx, {
    team,
    contest,
    settings: await teamSettingsOf(tx, contest.id),
    captainRefusal: null,
    now,
    paidAt,
    origin,
    strict: false,
  });
  return { refusal: null, admitted };
}
