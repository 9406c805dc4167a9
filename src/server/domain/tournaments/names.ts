// What a bracket calls things: its participants (one function, so team mode can name teams in
// one place), its stages, groups and rounds.
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { contestParticipants as cp, teams, users } from '../../platform/db/schema';
import type { BracketPart, BracketStageType } from '../../../shared/tournaments';

/** How the bracket shows a participant whose row is gone (their account was deleted). */
export const REMOVED_PARTICIPANT = 'Removed participant';

export interface ParticipantInfo {
  id: number;
  userId: number;
  name: string;
  /** Team mode: the registered team's id (the row is its captain's). */
  teamId: number | null;
  score: number | null;
  checkedInAt: Date | null;
  joinedAt: Date;
  /** Disqualified by an organiser (shown as 'DQ'). */
  disqualified: boolean;
}

/**
 * A contest's participants with the names the bracket shows (the member's username; in team
 * mode the registered team's name), in the order they joined.
 */
export async function contestParticipantsOf(
  db: DbOrTx,
  contestId: number,
  /** Only these participants (a result's few), not the whole field. */
  only?: readonly number[],
): Promise<ParticipantInfo[]> {
  if (only && !only.length) return [];
  const rows = await db
    .select({
      id: cp.id,
      userId: cp.userId,
      username: users.username,
      teamName: teams.name,
      teamId: cp.teamId,
      score: cp.score,
      checkedInAt: cp.checkedInAt,
      joinedAt: cp.joinedAt,
      disqualifiedAt: cp.disqualifiedAt,
    })
    .from(cp)
    .innerJoin(users, eq(users.id, cp.userId))
    .leftJoin(teams, eq(teams.id, cp.teamId))
    .where(
      only && only.length <= 500
        ? and(eq(cp.contestId, contestId), inArray(cp.id, [...only]))
        : eq(cp.contestId, contestId),
    )
    .orderBy(cp.id);
  return rows.map(({ username, teamName, disqualifiedAt, ...r }) => ({
    ...r,
    name: teamName ?? username,
    disqualified: disqualifiedAt !== null,
  }));
}

/** Names by participant id; a missing id reads as REMOVED_PARTICIPANT. */
export class ParticipantNames {
  private readonly byId: Map<number, ParticipantInfo>;
  constructor(participants: readonly ParticipantInfo[]) {
    this.byId = new Map(participants.map((p) => [p.id, p]));
  }
  static async of(
    db: DbOrTx,
    contestId: number,
    only?: readonly number[],
  ): Promise<ParticipantNames> {
    return new ParticipantNames(await contestParticipantsOf(db, contestId, only));
  }
  get(id: number): ParticipantInfo | undefined {
    return this.byId.get(id);
  }
  name(id: number): string {
    return this.byId.get(id)?.name ?? REMOVED_PARTICIPANT;
  }
  teamId(id: number): number | null {
    return this.byId.get(id)?.teamId ?? null;
  }
  userId(id: number): number | null {
    return this.byId.get(id)?.userId ?? null;
  }
  disqualified(id: number): boolean {
    return this.byId.get(id)?.disqualified ?? false;
  }
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** 'Group A' … 'Group Z', then 'Group 27'. */
export function groupLetterName(number: number): string {
  return `Group ${number <= LETTERS.length ? LETTERS[number - 1] : number}`;
}

/** Which part of the bracket a group of a stage is, and its name. */
export function groupPart(
  stageType: BracketStageType,
  groupNumber: number,
  isLeague: boolean,
): { part: BracketPart; name: string } {
  switch (stageType) {
    case 'single_elimination':
      return groupNumber === 1
        ? // Not 'Bracket': beside a third-place match it is a region of its own, inside the
          // contest page's region of that name (axe: landmark-unique).
          { part: 'upper', name: 'Main bracket' }
        : { part: 'consolation', name: 'Third-place match' };
    case 'double_elimination':
      return groupNumber === 1
        ? { part: 'upper', name: 'Upper bracket' }
        : groupNumber === 2
          ? { part: 'lower', name: 'Lower bracket' }
          : { part: 'final', name: 'Grand final' };
    case 'round_robin':
      return isLeague
        ? { part: 'league', name: 'League' }
        : { part: 'group', name: groupLetterName(groupNumber) };
    case 'swiss':
      return { part: 'swiss', name: 'Swiss rounds' };
  }
}

const FROM_THE_END = ['Final', 'Semi-finals', 'Quarter-finals'];

/** A round's name in its part ('Quarter-finals', 'Lower round 2', 'Grand final', 'Round 3'). */
export function roundName(
  part: BracketPart,
  stageType: BracketStageType,
  number: number,
  count: number,
): string {
  const fromEnd = count - number;
  switch (part) {
    case 'upper':
      if (stageType === 'double_elimination') {
        return fromEnd === 0
          ? 'Upper final'
          : fromEnd < FROM_THE_END.length
            ? `Upper ${FROM_THE_END[fromEnd]!.toLowerCase()}`
            : `Upper round ${number}`;
      }
      return FROM_THE_END[fromEnd] ?? `Round ${number}`;
    case 'lower':
      return fromEnd === 0 ? 'Lower final' : `Lower round ${number}`;
    case 'final':
      return number === 1 ? 'Grand final' : 'Grand final reset';
    case 'consolation':
      return 'Third-place match';
    default:
      return `Round ${number}`;
  }
}
