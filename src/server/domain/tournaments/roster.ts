// The organiser's player list (issue 29 point 3): read it, add a member by username, check a
// player in or out for them, process check-ins (no-shows dropped and kept as 'did not check in'),
// remove before the start, and 'Start now'. Disqualifying after the start is disqualify.ts.
// Creator, moderators and admins only (others 403 not_organiser; a hidden contest 404).
import type { DbOrTx } from '../../platform/db/client';
import type { Actor } from '../../platform/actor';
import type {
  TAddPlayerInput,
  TPlayerReasonInput,
  TPlayerRef,
  TProcessCheckInsResult,
  TRoster,
  TRosterPlayer,
  TStartNowResult,
} from '../../../shared/schemas/roster';

const todo = (what: string): never => {
  throw new Error(`roster: ${what} is being written (issue 29 point 3)`);
};

export async function readRoster(
  _db: DbOrTx,
  _actor: Actor,
  _input: { contestId: number },
): Promise<TRoster> {
  return todo('readRoster');
}

export async function addPlayer(
  _tx: DbOrTx,
  _actor: Actor,
  _input: TAddPlayerInput,
): Promise<TRosterPlayer> {
  return todo('addPlayer');
}

export async function checkInPlayer(
  _tx: DbOrTx,
  _actor: Actor,
  _input: TPlayerRef & { checkedIn: boolean },
): Promise<TRosterPlayer> {
  return todo('checkInPlayer');
}

export async function processCheckIns(
  _tx: DbOrTx,
  _actor: Actor,
  _input: { contestId: number },
): Promise<TProcessCheckInsResult> {
  return todo('processCheckIns');
}

export async function removePlayer(
  _tx: DbOrTx,
  _actor: Actor,
  _input: TPlayerReasonInput,
): Promise<TRosterPlayer> {
  return todo('removePlayer');
}

export async function startNow(
  _tx: DbOrTx,
  _actor: Actor,
  _input: { contestId: number },
): Promise<TStartNowResult> {
  return todo('startNow');
}
