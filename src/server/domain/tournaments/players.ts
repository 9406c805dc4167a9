// The players in a bracket contest as the organiser's list and its disqualification read them: the
// one lookup of a player (404 not_a_player otherwise) both roster.ts and disqualify.ts call.
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { contestParticipants as cp, users } from '../../platform/db/schema';
import { ROSTER_MESSAGES, type TRosterPlayer } from '../../../shared/schemas/roster';
import { refuse } from './contest';

export const playerColumns = {
  userId: cp.userId,
  username: users.username,
  participantId: cp.id,
  joinedAt: cp.joinedAt,
  checkedInAt: cp.checkedInAt,
  feeWaived: cp.feeWaived,
  disqualifiedAt: cp.disqualifiedAt,
  disqualifyReason: cp.disqualifyReason,
};

export interface PlayerRow {
  userId: number;
  username: string;
  participantId: number;
  joinedAt: Date;
  checkedInAt: Date | null;
  feeWaived: boolean;
  disqualifiedAt: Date | null;
  disqualifyReason: string | null;
}

export function playerOf(row: PlayerRow): TRosterPlayer {
  const { disqualifiedAt, disqualifyReason, ...rest } = row;
  return {
    ...rest,
    feeWaived: !!rest.feeWaived,
    state: disqualifiedAt ? 'disqualified' : 'in',
    reason: disqualifiedAt ? disqualifyReason : null,
    stateAt: disqualifiedAt,
  };
}

/** The players in, joined first. */
export async function playersIn(
  db: DbOrTx,
  contestId: number,
  userId?: number,
): Promise<PlayerRow[]> {
  return db
    .select(playerColumns)
    .from(cp)
    .innerJoin(users, eq(users.id, cp.userId))
    .where(
      and(eq(cp.contestId, contestId), userId === undefined ? undefined : eq(cp.userId, userId)),
    )
    .orderBy(asc(cp.joinedAt), asc(cp.id));
}

/** One player in (404 not_a_player otherwise). */
export async function playerIn(db: DbOrTx, contestId: number, userId: number): Promise<PlayerRow> {
  const [row] = await playersIn(db, contestId, userId);
  if (!row) throw refuse('not_a_player', ROSTER_MESSAGES.notAPlayer);
  return row;
}
