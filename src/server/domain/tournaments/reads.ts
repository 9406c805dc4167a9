// Reading a bracket: the whole of it (stages, groups, rounds, matches, named), the standings
// tables, a contest's matches (by status, or the caller's own), one match (the reads across
// contests, a next match and the disputes queue, are acrossContests.ts). Visibility is the contest's own: a contest the caller
// may not see is a 404. What the caller may do with each match is filled in per caller.
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { bracketMatches, contestParticipants as cp } from '../../platform/db/schema';
import type { Viewer } from '../contests';
import {
  LEAGUE_TIE_BREAKERS,
  SWISS_TIE_BREAKERS,
  type BracketPart,
  type BracketStageType,
  type MatchResult,
  type MatchStatus,
  type ReportState,
  type StoredMatchDispute,
  type StoredMatchReport,
  isByeMatch,
} from '../../../shared/tournaments';
import { bestOfFor } from '../../../shared/bestOf';
import type {
  TBracket,
  TDisputedSide,
  TMatch,
  TMatchSlot,
  TReportedSide,
  TStandings,
} from '../../../shared/schemas/tournaments';
import { refuse, visibleContest, type TournamentContest } from './contest';
import { isOrganiser } from '../../../shared/contests';
import { groupPart, ParticipantNames, roundName } from './names';
import { groupParticipants, playedOf, pointsOf } from './played';
import { bracketFinished } from './progress';
import { hasResults } from './generate';
import { leagueStandings, swissStandings, type PlayedMatch, type StandingRow } from './standings';
import { BracketStore, type MatchRow } from './storage';
import { isPlayable, matchStatusOf, MATCH_STATUS } from './status';

/** Our columns of a match beside brackets-manager's. */
export interface MatchExtras {
  scheduledAt: Date | null;
  reportState: ReportState;
  report: StoredMatchReport | null;
  dispute: StoredMatchDispute | null;
}

const NO_EXTRAS: MatchExtras = {
  scheduledAt: null,
  reportState: 'none',
  report: null,
  dispute: null,
};

const extrasColumns = {
  id: bracketMatches.id,
  scheduledAt: bracketMatches.scheduledAt,
  reportState: bracketMatches.reportState,
  report: bracketMatches.report,
  dispute: bracketMatches.dispute,
};

/** Where each round sits: its part, group, names. */
interface RoundPlace {
  part: BracketPart;
  groupNumber: number | null;
  number: number;
  name: string;
  /** One of the final rounds (a final, grand final, third-place match): their own best-of. */
  final: boolean;
}

interface Layout {
  stages: {
    id: number;
    number: number;
    name: string;
    type: BracketStageType;
    groups: { id: number; number: number; part: BracketPart; name: string; rounds: number[] }[];
  }[];
  rounds: Map<number, RoundPlace>;
}

/** The bracket's shape (stages, groups, rounds) with its names. */
function layoutOf(
  contest: Pick<TournamentContest, 'format'>,
  stages: readonly { id: number; number: number; name: string; type: BracketStageType }[],
  groups: readonly { id: number; stage_id: number; number: number }[],
  rounds: readonly { id: number; stage_id: number; group_id: number; number: number }[],
): Layout {
  const roundPlaces = new Map<number, RoundPlace>();
  const layout: Layout = { stages: [], rounds: roundPlaces };
  for (const stage of [...stages].sort((a, b) => a.number - b.number)) {
    const isLeague = contest.format === 'league';
    const stageGroups = groups
      .filter((g) => g.stage_id === stage.id)
      .sort((a, b) => a.number - b.number)
      .map((g) => {
        const { part, name } = groupPart(stage.type, g.number, isLeague);
        const own = rounds.filter((r) => r.group_id === g.id).sort((a, b) => a.number - b.number);
        for (const [i, r] of own.entries()) {
          roundPlaces.set(r.id, {
            part,
            groupNumber: part === 'group' ? g.number : null,
            number: r.number,
            name: roundName(part, stage.type, r.number, own.length),
            final:
              part === 'final' ||
              part === 'consolation' ||
              (part === 'upper' && stage.type === 'single_elimination' && i === own.length - 1),
          });
        }
        return { id: g.id, number: g.number, part, name, rounds: own.map((r) => r.id) };
      });
    layout.stages.push({ ...stage, groups: stageGroups });
  }
  return layout;
}

/** Who the caller is in a contest: their participant ids (team mode: their team's too). */
export async function callerParticipantIds(
  db: DbOrTx,
  contestId: number,
  userId: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: cp.id })
    .from(cp)
    .where(and(eq(cp.contestId, contestId), eq(cp.userId, userId)));
  return rows.map((r) => r.id);
}

type Side = { id?: unknown; score?: unknown; result?: unknown; forfeit?: unknown } | null;

function slotOf(
  side: Side,
  other: Side,
  completed: boolean,
  names: ParticipantNames,
): TMatchSlot | null {
  if (side === null || side === undefined) return null;
  const id = typeof side.id === 'number' ? side.id : null;
  let result: MatchResult | null = null;
  if (completed && id !== null) {
    if (side.result === 'win' || side.result === 'loss' || side.result === 'draw') {
      result = side.result;
    } else if (side.forfeit) result = 'loss';
    else if (other?.forfeit || other?.result === 'loss' || other === null) result = 'win';
    else if (other?.result === 'win') result = 'loss';
    else if (other?.result === 'draw') result = 'draw';
  }
  return {
    id,
    name: id === null ? null : names.name(id),
    score: typeof side.score === 'number' ? side.score : null,
    result,
    forfeit: side.forfeit === true,
    teamId: id === null ? null : names.teamId(id),
    ...(id !== null && names.disqualified(id) ? { disqualified: true } : {}),
  };
}

/** A participant's report as answered: who (named), what, when. */
function reportedSide(r: StoredMatchReport | null, names: ParticipantNames): TReportedSide | null {
  if (!r) return null;
  return {
    by: { id: r.by, name: names.name(r.by) },
    scores: r.scores,
    games: r.games,
    forfeit: r.forfeit,
    at: new Date(r.at),
  };
}

/** The opponent's dispute as answered. */
function disputedSide(d: StoredMatchDispute | null, names: ParticipantNames): TDisputedSide | null {
  if (!d) return null;
  return {
    by: { id: d.by, name: names.name(d.by) },
    scores: d.scores,
    games: d.games,
    reason: d.reason,
    at: new Date(d.at),
  };
}

/** A match's best-of-N: the contest's, or its finals' own in the final rounds. */
function bestOfIn(contest: TournamentContest, place: RoundPlace | undefined): number {
  return bestOfFor(contest.settings, place?.final ?? false);
}

/** The best-of-N of one match of a bracket in memory (what its report must agree with). */
export function matchBestOf(
  contest: TournamentContest,
  store: BracketStore,
  match: MatchRow,
): number {
  const layout = layoutOf(contest, store.stages, store.groups, store.rounds);
  return bestOfIn(contest, layout.rounds.get(match.round_id as number));
}

interface Presenter {
  contest: TournamentContest;
  layout: Layout;
  names: ParticipantNames;
  organiser: boolean;
  mine: ReadonlySet<number>;
}

/** A match as the caller gets it. */
export function presentMatch(m: MatchRow, extras: MatchExtras, p: Presenter): TMatch {
  const place = p.layout.rounds.get(m.round_id as number);
  const completed = m.status >= MATCH_STATUS.Completed;
  const o1 = m.opponent1 as Side;
  const o2 = m.opponent2 as Side;
  const p1 = typeof o1?.id === 'number' ? o1.id : null;
  const p2 = typeof o2?.id === 'number' ? o2.id : null;
  const both = p1 !== null && p2 !== null;
  const mySide = p1 !== null && p.mine.has(p1) ? p1 : p2 !== null && p.mine.has(p2) ? p2 : null;
  const selfReport = p.contest.settings.selfReport;
  const pending = extras.reportState === 'pending';
  const canReport =
    both &&
    ((p.organiser && (isPlayable(m.status) || (completed && m.status !== MATCH_STATUS.Archived))) ||
      (selfReport &&
        mySide !== null &&
        isPlayable(m.status) &&
        !pending &&
        extras.reportState !== 'disputed'));
  const canConfirm =
    both &&
    selfReport &&
    mySide !== null &&
    pending &&
    extras.report?.by !== mySide &&
    isPlayable(m.status);
  return {
    id: m.id,
    contestId: p.contest.id,
    part: place?.part ?? 'upper',
    round: place?.number ?? 1,
    roundName: place?.name ?? 'Round',
    group: place?.groupNumber ?? null,
    number: m.number,
    status: matchStatusOf(m.status),
    participants: [slotOf(o1, o2, completed, p.names), slotOf(o2, o1, completed, p.names)],
    scheduledAt: extras.scheduledAt,
    bestOf: bestOfIn(p.contest, place),
    report: {
      state: extras.reportState,
      reported: reportedSide(extras.report, p.names),
      disputed: disputedSide(extras.dispute, p.names),
    },
    canReport,
    canConfirm,
  };
}

/** Everything a read of one contest's bracket needs, loaded once. */
export async function loadView(db: DbOrTx, viewer: Viewer, contestId: number) {
  const contest = await visibleContest(db, viewer, contestId);
  const store = await BracketStore.load(db, contestId);
  const extrasRows = await db
    .select(extrasColumns)
    .from(bracketMatches)
    .where(eq(bracketMatches.contestId, contestId));
  const extras = new Map(extrasRows.map((r) => [r.id, r]));
  const names = await ParticipantNames.of(db, contestId);
  const layout = layoutOf(contest, store.stages, store.groups, store.rounds);
  const presenter: Presenter = {
    contest,
    layout,
    names,
    organiser: isOrganiser(contest, viewer),
    mine: new Set(await callerParticipantIds(db, contestId, viewer.id)),
  };
  const present = (m: MatchRow) => presentMatch(m, extras.get(m.id) ?? NO_EXTRAS, presenter);
  return { contest, store, names, layout, presenter, present };
}

/**
 * One match of a bracket already in memory (a result just applied), as the viewer gets it: only
 * its own extras and the viewer's participant ids are read.
 */
export async function presentFromStore(
  db: DbOrTx,
  viewer: Viewer,
  contest: TournamentContest,
  store: BracketStore,
  names: ParticipantNames,
  matchId: number,
): Promise<TMatch> {
  const match = store.matches.find((m) => m.id === matchId);
  const [extras] = await db
    .select(extrasColumns)
    .from(bracketMatches)
    .where(eq(bracketMatches.id, matchId));
  if (!match || !extras) throw refuse('match_not_found');
  return presentMatch(match, extras, {
    contest,
    layout: layoutOf(contest, store.stages, store.groups, store.rounds),
    names,
    organiser: isOrganiser(contest, viewer),
    mine: new Set(await callerParticipantIds(db, contest.id, viewer.id)),
  });
}

/** The whole bracket of a contest. */
export async function readBracket(
  db: DbOrTx,
  viewer: Viewer,
  contestId: number,
): Promise<TBracket> {
  const { contest, store, names, layout, presenter, present } = await loadView(
    db,
    viewer,
    contestId,
  );
  const byRound = new Map<number, MatchRow[]>();
  for (const m of store.matches) {
    const list = byRound.get(m.round_id as number);
    if (list) list.push(m);
    else byRound.set(m.round_id as number, [m]);
  }
  const stages: TBracket['stages'] = layout.stages.map((stage) => ({
    number: stage.number,
    name: stage.name,
    type: stage.type,
    groups: stage.groups.map((g) => ({
      part: g.part,
      name: g.name,
      number: g.number,
      rounds: g.rounds.map((roundId) => {
        const place = layout.rounds.get(roundId)!;
        return {
          number: place.number,
          name: place.name,
          matches: (byRound.get(roundId) ?? [])
            // Byes are never played: a knockout shows its first round's as 'bye' (where a seed
            // went through), nothing else (a round robin's, a lower bracket's later rounds).
            .filter(
              (m) =>
                !isByeMatch([m.opponent1, m.opponent2]) ||
                (stage.type !== 'round_robin' && place.number === 1),
            )
            .sort((a, b) => a.number - b.number)
            .map(present),
        };
      }),
    })),
  }));
  let placement: TBracket['placement'] = null;
  if (bracketFinished(store, contest)) {
    const scored = await db
      .select({ id: cp.id, score: cp.score })
      .from(cp)
      .where(eq(cp.contestId, contestId));
    placement = scored
      .filter((r) => r.score !== null)
      .map((r) => ({
        participantId: r.id,
        name: names.name(r.id),
        teamId: names.teamId(r.id),
        place: r.score!,
        ...(names.disqualified(r.id) ? { disqualified: true } : {}),
      }))
      .sort((a, b) => a.place - b.place || a.participantId - b.participantId);
  }
  return {
    contestId,
    format: contest.format,
    settings: contest.settings,
    generated: !store.isEmpty,
    isOrganiser: presenter.organiser,
    canRegenerate: presenter.organiser && !hasResults(store),
    stages,
    placement,
  };
}

function toRow(
  row: StandingRow,
  names: ParticipantNames,
): TStandings['groups'][number]['rows'][number] {
  return { ...row, name: names.name(row.participantId), teamId: names.teamId(row.participantId) };
}

/** The standings tables: a league's, each group's, or the Swiss table (none for a knockout). */
export async function readStandings(
  db: DbOrTx,
  viewer: Viewer,
  contestId: number,
): Promise<TStandings> {
  const { contest, store, names, layout } = await loadView(db, viewer, contestId);
  const points = pointsOf(contest);
  const groups: TStandings['groups'] = [];
  let tieBreakers: string[] = [...LEAGUE_TIE_BREAKERS];
  for (const stage of layout.stages) {
    if (stage.type === 'swiss') {
      tieBreakers = [...SWISS_TIE_BREAKERS];
      const played = store.matches
        .filter((m) => m.stage_id === stage.id)
        .map(playedOf)
        .filter((x): x is PlayedMatch => x !== null);
      const group = stage.groups[0];
      const ids = group ? groupParticipants(store, group.id) : [];
      groups.push({
        name: 'Swiss standings',
        rows: swissStandings(ids, played, points, store.disqualified).map((r) => toRow(r, names)),
      });
    } else if (stage.type === 'round_robin') {
      for (const g of stage.groups) {
        const played = store.matches
          .filter((m) => m.group_id === g.id)
          .map(playedOf)
          .filter((x): x is PlayedMatch => x !== null && x.p2 !== null);
        groups.push({
          name: g.name,
          rows: leagueStandings(
            groupParticipants(store, g.id),
            played,
            points,
            store.disqualified,
          ).map((r) => toRow(r, names)),
        });
      }
    }
  }
  return { contestId, tieBreakers, groups };
}

/** A contest's matches in bracket order, by status and/or only the caller's. */
export async function readMatches(
  db: DbOrTx,
  viewer: Viewer,
  { contestId, status, mine }: { contestId: number; status?: MatchStatus; mine?: boolean },
): Promise<TMatch[]> {
  const { store, layout, presenter, present } = await loadView(db, viewer, contestId);
  const order = new Map<number, number>();
  let i = 0;
  for (const stage of layout.stages) {
    for (const g of stage.groups) for (const r of g.rounds) order.set(r, i++);
  }
  return store.matches
    .filter((m) => {
      // A bye is no match to play or schedule.
      if (isByeMatch([m.opponent1, m.opponent2])) return false;
      const o1 = m.opponent1?.id;
      const o2 = m.opponent2?.id;
      if (mine && !presenter.mine.has(o1 as number) && !presenter.mine.has(o2 as number)) {
        return false;
      }
      return status === undefined || matchStatusOf(m.status) === status;
    })
    .sort(
      (a, b) =>
        (order.get(a.round_id as number) ?? 0) - (order.get(b.round_id as number) ?? 0) ||
        a.number - b.number,
    )
    .map(present);
}

/** One match as the viewer gets it (404 when it or its contest is hidden). */
export async function readMatch(db: DbOrTx, viewer: Viewer, matchId: number): Promise<TMatch> {
  const [row] = await db
    .select({ contestId: bracketMatches.contestId })
    .from(bracketMatches)
    .where(eq(bracketMatches.id, matchId));
  const match = row ? await matchView(db, viewer, matchId, row.contestId) : null;
  if (!match) throw refuse('match_not_found');
  return match;
}

export async function matchView(db: DbOrTx, viewer: Viewer, matchId: number, contestId: number) {
  const view = await loadView(db, viewer, contestId);
  const match = view.store.matches.find((m) => m.id === matchId);
  return match ? view.present(match) : null;
}
