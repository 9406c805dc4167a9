// brackets-manager over our database as a unit of work: one read per table loads a contest's
// bracket (stages, groups, rounds, matches; and who was disqualified) inside the caller's
// transaction, brackets-manager works on it in memory through its CrudInterface, and `flush`
// writes back only the rows it inserted, changed or deleted, in bulk, in the same transaction.
// No SQL statement is issued per storage call: generating a 1,024-player double elimination is
// ~2,000 inserted rows in a few statements, and a result touches the handful of matches it moves.
import { BracketsManager, type CrudInterface, type DataTypes, type Table } from 'brackets-manager';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { contestParticipants } from '../../platform/db/schema';
import {
  readBracketRows,
  sideId,
  STORED,
  type AnyRow,
  type GroupRow,
  type MatchRow,
  type RoundRow,
  type StageRow,
  type Stored,
} from './bracketRows';
import { writeBracketChanges } from './bracketWrite';

export type { GroupRow, MatchRow, RoundRow, StageRow } from './bracketRows';

/** A copy of a row two levels deep (a match's sides, a stage's settings): callers may mutate. */
function clone<T>(row: T): T {
  const copy = { ...(row as Record<string, unknown>) };
  for (const key in copy) {
    const value = copy[key];
    if (value !== null && typeof value === 'object') {
      copy[key] = Array.isArray(value) ? [...(value as unknown[])] : { ...value };
    }
  }
  return copy as T;
}

function matchesFilter(row: Record<string, unknown>, filter: Record<string, unknown>): boolean {
  for (const key of Object.keys(filter)) if (row[key] !== filter[key]) return false;
  return true;
}

/**
 * One contest's bracket in memory. New rows get temporary (negative) ids until `flush` gives
 * them real ones, rewriting the references of the rows that point at them.
 */
export class BracketStore implements CrudInterface {
  private readonly data: Record<Stored, AnyRow[]> = { stage: [], group: [], round: [], match: [] };
  /**
   * Each loaded row as it was read (the object itself: rows are replaced, never mutated, when
   * they change), to write back only what changed.
   */
  private readonly original: Record<Stored, Map<number, AnyRow>> = {
    stage: new Map(),
    group: new Map(),
    round: new Map(),
    match: new Map(),
  };
  private participants: DataTypes['participant'][] | undefined;
  /** The participants an organiser disqualified: their matches are forfeited as they come. */
  disqualified: ReadonlySet<number> = new Set();
  // Below -1, which brackets-manager reads as a failed insert.
  private nextTemp = -2;

  private constructor(
    private readonly tx: DbOrTx,
    readonly contestId: number,
  ) {}

  /** Loads a contest's bracket: one read per table. */
  static async load(tx: DbOrTx, contestId: number): Promise<BracketStore> {
    const store = new BracketStore(tx, contestId);
    Object.assign(store.data, await readBracketRows(tx, contestId));
    const disqualified = await tx
      .select({ id: contestParticipants.id })
      .from(contestParticipants)
      .where(
        and(
          eq(contestParticipants.contestId, contestId),
          isNotNull(contestParticipants.disqualifiedAt),
        ),
      );
    store.disqualified = new Set(disqualified.map((r) => r.id));
    for (const table of STORED) {
      for (const row of store.data[table]) store.original[table].set(row.id, row);
    }
    return store;
  }

  // --- reads for our own code (no copies: do not mutate) -------------------------------------

  get stages(): readonly StageRow[] {
    return this.data.stage as unknown as StageRow[];
  }
  get groups(): readonly GroupRow[] {
    return this.data.group as unknown as GroupRow[];
  }
  get rounds(): readonly RoundRow[] {
    return this.data.round as unknown as RoundRow[];
  }
  get matches(): readonly MatchRow[] {
    return this.data.match as unknown as MatchRow[];
  }
  get isEmpty(): boolean {
    return this.data.stage.length === 0;
  }

  /** A manager working on this store. */
  manager(): BracketsManager {
    return new BracketsManager(this);
  }

  /** Adds rows of our own (Swiss rounds) with temporary ids; answers the new row. */
  add<T extends Stored>(table: T, value: Omit<AnyRow, 'id'>): AnyRow {
    const row = { ...value, id: this.nextTemp-- } as AnyRow;
    this.data[table].push(row);
    return row;
  }

  /** Changes a row of ours in place (a Swiss match's result). */
  change<T extends Stored>(table: T, id: number, value: Record<string, unknown>): void {
    const rows = this.data[table];
    const index = rows.findIndex((r) => r.id === id);
    if (index < 0) throw new Error(`No ${table} ${id} in this bracket`);
    // Replaced, not mutated: `flush` tells a changed row by its identity.
    rows[index] = { ...rows[index]!, ...value, id };
  }

  /** Forgets every row of the bracket (regeneration): `flush` deletes them. */
  clear(): void {
    for (const table of STORED) this.data[table] = [];
  }

  // --- CrudInterface --------------------------------------------------------------------------

  private rowsOf(table: Table): AnyRow[] {
    if (table === 'match_game') return [];
    if (table === 'participant') {
      throw new Error('participants are read through select');
    }
    return this.data[table];
  }

  private async participantRows(): Promise<DataTypes['participant'][]> {
    if (!this.participants) {
      const rows = await this.tx
        .select({ id: contestParticipants.id })
        .from(contestParticipants)
        .where(eq(contestParticipants.contestId, this.contestId))
        .orderBy(asc(contestParticipants.id));
      // Ids the matches still name whose rows are gone (a deleted member) stay readable.
      const ids = new Set(rows.map((r) => r.id));
      for (const m of this.data.match) {
        for (const side of [m.opponent1, m.opponent2]) {
          const id = sideId(side);
          if (id !== null) ids.add(id);
        }
      }
      this.participants = [...ids].map((id) => ({
        id,
        tournament_id: this.contestId,
        name: String(id),
      }));
    }
    return this.participants;
  }

  insert<T extends Table>(table: T, value: Omit<DataTypes[T], 'id'>): Promise<number>;
  insert<T extends Table>(table: T, values: Omit<DataTypes[T], 'id'>[]): Promise<boolean>;
  async insert<T extends Table>(
    table: T,
    value: Omit<DataTypes[T], 'id'> | Omit<DataTypes[T], 'id'>[],
  ): Promise<number | boolean> {
    if (table === 'participant' || table === 'match_game') {
      // Seeding is always by our participant ids, and matches have no child games.
      throw new Error(`The bracket store does not write ${table} rows`);
    }
    const rows = this.data[table as Stored];
    if (Array.isArray(value)) {
      for (const v of value) rows.push({ ...(clone(v) as object), id: this.nextTemp-- });
      return true;
    }
    const id = this.nextTemp--;
    rows.push({ ...(clone(value) as object), id });
    return id;
  }

  select<T extends Table>(table: T): Promise<DataTypes[T][] | null>;
  select<T extends Table>(table: T, id: number | string): Promise<DataTypes[T] | null>;
  select<T extends Table>(table: T, filter: Partial<DataTypes[T]>): Promise<DataTypes[T][] | null>;
  async select<T extends Table>(
    table: T,
    arg?: number | string | Partial<DataTypes[T]>,
  ): Promise<DataTypes[T] | DataTypes[T][] | null> {
    const rows =
      table === 'participant'
        ? ((await this.participantRows()) as unknown as AnyRow[])
        : this.rowsOf(table);
    if (arg === undefined) return rows.map(clone) as unknown as DataTypes[T][];
    if (typeof arg === 'number' || typeof arg === 'string') {
      const found = rows.find((r) => r.id === arg);
      return found ? (clone(found) as unknown as DataTypes[T]) : null;
    }
    const filter = arg as Record<string, unknown>;
    return rows.filter((r) => matchesFilter(r, filter)).map(clone) as unknown as DataTypes[T][];
  }

  update<T extends Table>(table: T, id: number | string, value: DataTypes[T]): Promise<boolean>;
  update<T extends Table>(
    table: T,
    filter: Partial<DataTypes[T]>,
    value: Partial<DataTypes[T]>,
  ): Promise<boolean>;
  async update<T extends Table>(
    table: T,
    arg: number | string | Partial<DataTypes[T]>,
    value: Partial<DataTypes[T]>,
  ): Promise<boolean> {
    const rows = this.rowsOf(table);
    if (typeof arg === 'number' || typeof arg === 'string') {
      const index = rows.findIndex((r) => r.id === arg);
      if (index < 0) return false;
      rows[index] = { ...(clone(value) as object), id: rows[index]!.id } as AnyRow;
      return true;
    }
    const filter = arg as Record<string, unknown>;
    let any = false;
    for (let i = 0; i < rows.length; i++) {
      if (!matchesFilter(rows[i]!, filter)) continue;
      rows[i] = { ...rows[i]!, ...(clone(value) as object), id: rows[i]!.id } as AnyRow;
      any = true;
    }
    return any;
  }

  async delete<T extends Table>(table: T, filter?: Partial<DataTypes[T]>): Promise<boolean> {
    if (table === 'participant' || table === 'match_game') return true;
    const key = table as Stored;
    this.data[key] = filter
      ? this.data[key].filter((r) => !matchesFilter(r, filter as Record<string, unknown>))
      : [];
    return true;
  }

  // --- writing back ---------------------------------------------------------------------------

  /** Writes what changed since `load` (bracketWrite.ts); what is written is the new baseline. */
  async flush(): Promise<{ changedMatches: number[]; insertedMatches: number[] }> {
    return writeBracketChanges(this.tx, this.contestId, this.data, this.original);
  }
}
