// A contest's bracket as stored (stages, groups, rounds, matches), and its one read per table.
import { eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/sqlite-core';
import type { DataTypes } from 'brackets-manager';
import type { DbOrTx } from '../../platform/db/client';
import { rowsInIdOrder } from '../../platform/db/rows';
import {
  bracketGroups,
  bracketMatches,
  bracketRounds,
  bracketStages,
} from '../../platform/db/schema';
import type { BracketStageType } from '../../../shared/tournaments';

/** The tables this store keeps (participants are read from contest_participants, never written). */
export const STORED = ['stage', 'group', 'round', 'match'] as const;
export type Stored = (typeof STORED)[number];

/** A stage as stored: brackets-manager's, with our own 'swiss' type beside its three. */
export type StageRow = Omit<DataTypes['stage'], 'type' | 'id'> & {
  id: number;
  type: BracketStageType;
};
export interface GroupRow {
  id: number;
  stage_id: number;
  number: number;
}
export interface RoundRow {
  id: number;
  stage_id: number;
  group_id: number;
  number: number;
}
export type MatchRow = Omit<DataTypes['match'], 'id' | 'stage_id' | 'group_id' | 'round_id'> & {
  id: number;
  stage_id: number;
  group_id: number;
  round_id: number;
};

export type AnyRow = { id: number } & Record<string, unknown>;

export const SQL_TABLE: Record<Stored, string> = {
  stage: 'bracket_stages',
  group: 'bracket_groups',
  round: 'bracket_rounds',
  match: 'bracket_matches',
};

/** A side's participant id as a column value (null: a BYE or still to be decided). */
export function sideId(side: unknown): number | null {
  const id = (side as { id?: unknown } | null)?.id;
  return typeof id === 'number' ? id : null;
}

/** The columns each table is read with, under the names brackets-manager reads them by. */
const stageColumns = {
  id: bracketStages.id,
  number: bracketStages.number,
  name: bracketStages.name,
  type: bracketStages.type,
  settings: bracketStages.settings,
};
/** What every table below a stage holds: its id, its stage, its number in its parent. */
function inStage(table: typeof bracketGroups | typeof bracketRounds | typeof bracketMatches) {
  return { id: table.id, stage_id: table.stageId, number: table.number };
}
const groupColumns = inStage(bracketGroups);
const roundColumns = { ...inStage(bracketRounds), group_id: bracketRounds.groupId };
const matchColumns = {
  ...inStage(bracketMatches),
  group_id: bracketMatches.groupId,
  round_id: bracketMatches.roundId,
  child_count: bracketMatches.childCount,
  status: bracketMatches.status,
  opponent1: bracketMatches.opponent1,
  opponent2: bracketMatches.opponent2,
};

type BracketTable =
  typeof bracketStages | typeof bracketGroups | typeof bracketRounds | typeof bracketMatches;

/** A contest's bracket as stored: one read per table, each row as brackets-manager reads it. */
export async function readBracketRows(
  tx: DbOrTx,
  contestId: number,
): Promise<Record<Stored, AnyRow[]>> {
  // One after another: a transaction's connection runs one statement at a time anyway.
  const read = <Fields extends SelectedFields>(table: BracketTable, fields: Fields) =>
    rowsInIdOrder(tx, table, fields, eq(table.contestId, contestId));
  const stages = await read(bracketStages, stageColumns);
  const groups = await read(bracketGroups, groupColumns);
  const rounds = await read(bracketRounds, roundColumns);
  const matches = await read(bracketMatches, matchColumns);
  const stage: AnyRow[] = stages.map((s) => ({
    id: s.id,
    tournament_id: contestId,
    name: s.name,
    type: s.type,
    number: s.number,
    settings: JSON.parse(s.settings) as unknown,
  }));
  const match: AnyRow[] = matches.map((m) => ({
    ...m,
    opponent1: m.opponent1 === null ? null : (JSON.parse(m.opponent1) as unknown),
    opponent2: m.opponent2 === null ? null : (JSON.parse(m.opponent2) as unknown),
  }));
  return { stage, group: groups, round: rounds, match };
}
