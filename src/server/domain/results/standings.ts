// A contest's final standings with their prizes (issue 30 'Prizes from places'): the places of
// participation's finalStandings (a scored board's ranks; a bracket's places, stored as scores,
// lower first, so knockouts, groups, leagues and Swiss read the same), named (a member's
// username, a registered team's name with its members), the disqualified skipped and the rest
// moved up, each place's prize from the contest's prize table (shared/prizeSplit.ts), a team's
// prize split among its members by the captain's shares or equally. Amounts stay whole units of
// their currency (bigint).
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { contestParticipants as cp, teamMembers, teams, users } from '../../platform/db/schema';
import { finalStandings } from '../participation';
import { verifiedFeeCents } from '../contests';
import { placeText, sharedPlaces } from '../../../shared/places';
import { splitPrizes } from '../../../shared/prizeSplit';
import { poolUnits, type PrizeAmount } from '../../../shared/prizeTotals';
import { CURRENCY_DECIMALS, fromUnits, toUnits, type PrizeCurrency } from '../../../shared/prizes';
import type { TPrizeTable } from '../../../shared/schemas/prizes';
import type { TResultStanding } from '../../../shared/schemas/results';
import { WHOLE_SHARE } from '../../../shared/prizeShares';

/** Places without prizes: a contest without a table is still ranked. */
const NO_PRIZES: TPrizeTable = { kind: 'fixed', rows: [] };

export interface ComputedStandings {
  standings: TResultStanding[];
  /** What rounding down (ties, team shares) left unpaid, per currency. */
  remainder: PrizeAmount[];
}

/** Sums of units per currency, in the order currencies first appear. */
export class Units {
  private readonly sums = new Map<PrizeCurrency, bigint>();
  constructor(amounts: readonly PrizeAmount[] = []) {
    for (const a of amounts) this.addAmount(a);
  }
  add(currency: PrizeCurrency, units: bigint): void {
    if (units > 0n) this.sums.set(currency, (this.sums.get(currency) ?? 0n) + units);
  }
  addAmount(a: PrizeAmount): void {
    this.add(a.currency, unitsOf(a));
  }
  amounts(): PrizeAmount[] {
    return [...this.sums].map(([currency, units]) => amountOf(units, currency));
  }
}

export const unitsOf = (a: PrizeAmount): bigint =>
  toUnits(a.amount, CURRENCY_DECIMALS[a.currency]) ?? 0n;
export const amountOf = (units: bigint, currency: PrizeCurrency): PrizeAmount => ({
  amount: fromUnits(units, CURRENCY_DECIMALS[currency]),
  currency,
});

export interface Member {
  userId: number;
  name: string;
  /** The captain's share in hundredths of a percent (null: none set). */
  share: number | null;
}

/** The members (state 'member') of each registered team of the contest, in the order they joined. */
async function teamMembersOf(db: DbOrTx, contestId: number): Promise<Map<number, Member[]>> {
  const rows = await db
    .select({
      teamId: teamMembers.teamId,
      userId: teamMembers.userId,
      name: users.username,
      share: teamMembers.prizeShare,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.contestId, contestId), eq(teamMembers.state, 'member')))
    .orderBy(asc(teamMembers.id));
  const byTeam = new Map<number, Member[]>();
  for (const { teamId, ...m } of rows) {
    const list = byTeam.get(teamId);
    if (list) list.push(m);
    else byTeam.set(teamId, [m]);
  }
  return byTeam;
}

/** The pool's amount now (verified entry fees), in units of its currency; 0 for a fixed table. */
async function poolTotal(db: DbOrTx, contestId: number, table: TPrizeTable): Promise<bigint> {
  if (table.kind !== 'pool') return 0n;
  const fees = (await verifiedFeeCents(db, [contestId])).get(contestId) ?? 0n;
  return poolUnits(table, fees);
}

/**
 * The captain's shares of the team, when every member has one and they total 100 % (a roster
 * change clears them, a deleted account takes its share along: then the split is equal).
 */
function captainShares(members: readonly Member[]): bigint[] | null {
  const shares = members.map((m) => m.share);
  if (shares.some((share) => share === null)) return null;
  const total = shares.reduce<number>((sum, share) => sum + share!, 0);
  return total === WHOLE_SHARE ? shares.map((share) => BigInt(share!)) : null;
}

/**
 * A team's prize split among its members, by the captain's shares or else equally, each rounded
 * down to the currency's unit; the leftover to `remainder`.
 */
export function memberShares(
  members: readonly Member[],
  prize: PrizeAmount | null,
  remainder: Units,
): TResultStanding['members'] {
  const named = members.map(({ userId, name }) => ({ userId, name }));
  if (!prize || !members.length) {
    if (prize) remainder.addAmount(prize);
    return named.map((m) => ({ ...m, prize: null }));
  }
  const units = unitsOf(prize);
  const shares = captainShares(members);
  const whole = BigInt(WHOLE_SHARE);
  const amounts = named.map((_, i) =>
    shares ? (units * shares[i]!) / whole : units / BigInt(members.length),
  );
  remainder.add(prize.currency, units - amounts.reduce((sum, each) => sum + each, 0n));
  return named.map((m, i) => ({
    ...m,
    prize: amounts[i]! > 0n ? amountOf(amounts[i]!, prize.currency) : null,
  }));
}

/**
 * A standing given `prize` after its freeze (a forfeited prize passed on to it): a team's members
 * each get their share as at the freeze (the captain's shares as they stand, else equally).
 */
export async function standingWithPrize(
  db: DbOrTx,
  contestId: number,
  standing: TResultStanding,
  prize: PrizeAmount,
  remainder: Units,
): Promise<TResultStanding> {
  if (standing.teamId === null) return { ...standing, prize };
  const members = (await teamMembersOf(db, contestId)).get(standing.teamId) ?? [];
  return { ...standing, prize, members: memberShares(members, prize, remainder) };
}

/** The standings of the contest as they stand now (frozen by the caller when it freezes). */
export async function computeStandings(
  db: DbOrTx,
  contest: { id: number; prizeTable: TPrizeTable | null },
): Promise<ComputedStandings> {
  const ranked = await finalStandings(db, contest.id);
  const facts = await db
    .select({
      userId: cp.userId,
      teamId: cp.teamId,
      disqualifiedAt: cp.disqualifiedAt,
      username: users.username,
      teamName: teams.name,
    })
    .from(cp)
    .innerJoin(users, eq(users.id, cp.userId))
    .leftJoin(teams, eq(teams.id, cp.teamId))
    .where(eq(cp.contestId, contest.id));
  const factsOf = new Map(facts.map((f) => [f.userId, f]));
  const members = await teamMembersOf(db, contest.id);
  const table = contest.prizeTable ?? NO_PRIZES;
  const split = splitPrizes(
    table,
    ranked.map((r) => ({
      key: String(r.userId),
      place: r.rank,
      disqualified: factsOf.get(r.userId)?.disqualifiedAt != null,
    })),
    await poolTotal(db, contest.id, table),
  );
  const remainder = new Units();
  for (const r of split.remainder) remainder.addAmount(r);
  const shared = sharedPlaces(Object.values(split.places));
  const standings = ranked.map((r): TResultStanding => {
    const key = String(r.userId);
    const f = factsOf.get(r.userId);
    const place = split.places[key] ?? null;
    // A tie across places of two currencies pays the first; the others are stated as unpaid.
    const [prize = null, ...others] = split.awards[key] ?? [];
    for (const other of others) remainder.addAmount(other);
    const team = f?.teamId != null ? f.teamId : null;
    return {
      place,
      placeText: place === null ? null : placeText(place, shared.get(place)),
      userId: team === null ? r.userId : null,
      teamId: team,
      name: (team !== null ? f?.teamName : f?.username) ?? f?.username ?? `User #${r.userId}`,
      score: r.score,
      disqualified: f?.disqualifiedAt != null,
      prize,
      members: team === null ? [] : memberShares(members.get(team) ?? [], prize, remainder),
    };
  });
  // Best place first; the unplaced after, the disqualified last (each in the board's order).
  const rank = (s: TResultStanding) =>
    s.place ?? (s.disqualified ? Number.MAX_SAFE_INTEGER : Number.MAX_SAFE_INTEGER - 1);
  standings.sort((a, b) => rank(a) - rank(b));
  return { standings, remainder: remainder.amounts() };
}
