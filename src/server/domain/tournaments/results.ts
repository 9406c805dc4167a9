// Results of matches: the organiser reports any ready match (and may change a completed one
// while nothing later depends on it); where the contest lets participants report, either of the
// two reports (pending, not applied), the opponent confirms (applied) or disputes with their own
// result and reason (the moderators' queue, until an organiser decides: either side's result or
// a third). A result agrees with the match's best-of-N (shared/bestOf.ts). Winners advance,
// losers drop to the lower bracket, next matches become ready (brackets-manager, or our Swiss
// rounds), and the last result writes the placement: all in the caller's transaction.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { bracketMatches } from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { notifyMatchDecided, notifyMatchDisputed, notifyMatchReported } from '../messages';
import { writeAudit } from '../audit';
import type {
  TDecideMatchInput,
  TDisputeMatchInput,
  TMatch,
} from '../../../shared/schemas/tournaments';
import type {
  ReportState,
  ScorePair,
  StoredMatchDispute,
  StoredMatchReport,
} from '../../../shared/tournaments';
import { isByeMatch } from '../../../shared/tournaments';
import { bestOfProblem } from '../../../shared/bestOf';
import { refuse, visibleContest, type TournamentContest } from './contest';
import { isOrganiser } from '../../../shared/contests';
import { ParticipantNames } from './names';
import { readyKeys, settle } from './progress';
import { callerParticipantIds, matchBestOf, presentFromStore, readMatch } from './reads';
import { BracketStore, type MatchRow } from './storage';
import { writeMatchReport } from './bracketWrite';
import { applySides, forfeitSides, scoreSides, sideOf } from './applyResult';
import { isPlayable, MATCH_STATUS } from './status';

/** A result as reported: both scores (first participant's first) and games, or who forfeits. */
export interface Report {
  scores?: Readonly<ScorePair>;
  games?: readonly Readonly<ScorePair>[];
  forfeit?: number;
}

interface Loaded {
  contest: TournamentContest;
  store: BracketStore;
  match: MatchRow;
  p1: number | null;
  p2: number | null;
  extras: {
    reportState: ReportState;
    report: StoredMatchReport | null;
    dispute: StoredMatchDispute | null;
  };
  /** The match's best-of-N. */
  bestOf: number;
}

/** The match, its contest (locked for the change) and its bracket; 404 when either is hidden. */
async function loadMatch(tx: DbOrTx, actor: Actor, matchId: number): Promise<Loaded> {
  const [row] = await tx
    .select({
      contestId: bracketMatches.contestId,
      reportState: bracketMatches.reportState,
      report: bracketMatches.report,
      dispute: bracketMatches.dispute,
    })
    .from(bracketMatches)
    .where(eq(bracketMatches.id, matchId));
  if (!row) throw refuse('match_not_found');
  let contest: TournamentContest;
  try {
    contest = await visibleContest(tx, actor, row.contestId, { lock: true });
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      throw refuse('match_not_found');
    }
    throw error;
  }
  const store = await BracketStore.load(tx, row.contestId);
  const match = store.matches.find((m) => m.id === matchId);
  if (!match) throw refuse('match_not_found');
  return {
    contest,
    store,
    match,
    p1: sideOf(match.opponent1),
    p2: sideOf(match.opponent2),
    extras: row,
    bestOf: matchBestOf(contest, store, match),
  };
}

function stageOf(l: Loaded) {
  return l.store.stages.find((s) => s.id === l.match.stage_id)!;
}

/** Draws only where a table ranks them: a league, a group, Swiss. */
function drawAllowed(l: Loaded): boolean {
  const type = stageOf(l).type;
  return type === 'round_robin' || type === 'swiss';
}

/** Checks a report against its match (who forfeits is one of it; a draw only where allowed). */
function checkReport(l: Loaded, report: Report): void {
  if (l.p1 === null || l.p2 === null) throw refuse('match_not_ready');
  if (report.forfeit !== undefined && report.forfeit !== l.p1 && report.forfeit !== l.p2) {
    // Bad input, not the caller's place in the match (that is 'not_in_match').
    throw new AppError('BAD_REQUEST', 'The participant who forfeits must be one of this match');
  }
  if (report.scores && report.scores[0] === report.scores[1] && !drawAllowed(l)) {
    throw refuse('draw_not_allowed');
  }
  if (report.scores) {
    const problem = bestOfProblem(l.bestOf, report.scores, report.games);
    if (problem) throw refuse('best_of_mismatch', problem);
  } else if (report.games) {
    throw refuse('best_of_mismatch', 'A forfeit has no games');
  }
}

/** A report as stored: its result, who made it, now. */
function storedReport(by: number, report: Report): StoredMatchReport {
  return {
    by,
    scores: report.scores ? [report.scores[0], report.scores[1]] : null,
    games: report.games?.length ? report.games.map(([a, b]): ScorePair => [a, b]) : null,
    forfeit: report.forfeit ?? null,
    at: Date.now(),
  };
}

/** A stored report's result. */
function resultOf(stored: StoredMatchReport | StoredMatchDispute): Report {
  if ('forfeit' in stored && stored.forfeit !== null) return { forfeit: stored.forfeit };
  return { scores: stored.scores ?? undefined, games: stored.games ?? undefined };
}

/** Whether two results say the same (the same forfeit, or the same scores and games). */
function sameResult(a: Report, b: Report): boolean {
  const key = (r: Report) => JSON.stringify([r.forfeit ?? null, r.scores ?? null, r.games ?? []]);
  return key(a) === key(b);
}

/**
 * Whether later matches depend on a completed match and have been played: a knockout match whose
 * next one started (brackets-manager archives it), a Swiss round after which the next was paired,
 * a group once its knockout exists.
 */
function laterMatchesPlayed(l: Loaded): boolean {
  if (l.match.status === MATCH_STATUS.Archived) return true;
  const stage = stageOf(l);
  if (stage.type === 'swiss') {
    const round = l.store.rounds.find((r) => r.id === l.match.round_id)!;
    return l.store.rounds.some((r) => r.stage_id === stage.id && r.number > round.number);
  }
  if (stage.type === 'round_robin') {
    return l.store.stages.some((s) => s.number > stage.number);
  }
  return false;
}

/** Applies a result to the bracket in memory (applyResult.ts: the one path for every result). */
async function applyResult(l: Loaded, report: Report): Promise<void> {
  const sides =
    report.forfeit !== undefined
      ? forfeitSides(l.match, report.forfeit)
      : scoreSides(report.scores!);
  await applySides(l.store, l.match, sides);
}

/** Applies a result, settles the bracket and records the match's report state. */
async function applyAndSettle(
  tx: DbOrTx,
  l: Loaded,
  report: Report,
  state: ReportState,
  actor: Actor,
): Promise<TMatch> {
  const readyBefore = readyKeys(l.store);
  await applyResult(l, report);
  const { names } = await settle(tx, l.contest, l.store, {
    readyBefore,
    origin: actor.origin,
    alsoName: [l.p1, l.p2].filter((p): p is number => p !== null),
  });
  // The report and a dispute stay: who said what is still read beside the result.
  await writeMatchReport(tx, l.contest.id, l.match.id, { reportState: state });
  return presentFromStore(tx, actor, l.contest, l.store, names, l.match.id);
}

function describe(report: Report, names: ParticipantNames, l: Loaded): string {
  if (report.forfeit !== undefined) return `a forfeit by ${names.name(report.forfeit)}`;
  const [a, b] = report.scores!;
  const games = report.games?.length
    ? ` (${report.games.map(([x, y]) => `${x}–${y}`).join(', ')})`
    : '';
  return `${names.name(l.p1!)} ${a}–${b} ${names.name(l.p2!)}${games}`;
}

/**
 * Reports a match's result. The organiser's is applied at once (a completed match may be changed
 * while nothing later depends on it, and settles a pending or disputed report); a participant's,
 * where self-reporting is on, waits for the opponent.
 */
export async function reportMatch(
  tx: DbOrTx,
  actor: Actor,
  { matchId, ...report }: { matchId: number } & Report,
): Promise<TMatch> {
  const l = await loadMatch(tx, actor, matchId);
  checkReport(l, report);
  if (isOrganiser(l.contest, actor)) {
    if (l.match.status >= MATCH_STATUS.Completed) {
      if (l.p1 === null || l.p2 === null) throw refuse('match_not_ready');
      if (laterMatchesPlayed(l)) throw refuse('later_matches_played');
    } else if (!isPlayable(l.match.status)) {
      throw refuse('match_not_ready');
    }
    const settled = l.extras.reportState === 'pending' || l.extras.reportState === 'disputed';
    return applyAndSettle(tx, l, report, settled ? 'confirmed' : l.extras.reportState, actor);
  }
  const mine = await callerParticipantIds(tx, l.contest.id, actor.id);
  const side = mine.find((id) => id === l.p1 || id === l.p2);
  if (side === undefined) throw refuse('not_in_match');
  if (!l.contest.settings.selfReport) throw refuse('self_report_off');
  if (l.match.status >= MATCH_STATUS.Completed) {
    throw new AppError(
      'already_reported',
      'This match has a result already; the organiser can change it',
    );
  }
  if (!isPlayable(l.match.status)) throw refuse('match_not_ready');
  if (l.extras.reportState === 'pending' || l.extras.reportState === 'disputed') {
    throw refuse('already_reported');
  }
  await writeMatchReport(tx, l.contest.id, matchId, {
    reportState: 'pending',
    report: storedReport(side, report),
    dispute: null,
  });
  const names = await ParticipantNames.of(tx, l.contest.id);
  const opponent = side === l.p1 ? l.p2! : l.p1!;
  await notifyMatchReported(
    tx,
    {
      contest: l.contest,
      userId: names.userId(opponent),
      reporter: names.name(side),
      result: describe(report, names, l),
    },
    { origin: actor.origin },
  );
  return readMatch(tx, actor, matchId);
}

/** The opponent's side of a pending report (refusals otherwise). */
async function pendingFor(tx: DbOrTx, actor: Actor, matchId: number) {
  const l = await loadMatch(tx, actor, matchId);
  const mine = await callerParticipantIds(tx, l.contest.id, actor.id);
  const side = mine.find((id) => id === l.p1 || id === l.p2);
  if (side === undefined) throw refuse('not_in_match');
  if (l.extras.reportState !== 'pending' || !isPlayable(l.match.status)) {
    throw refuse('nothing_to_confirm');
  }
  if (l.extras.report?.by === side) {
    throw new AppError(
      'nothing_to_confirm',
      'Your opponent confirms or disputes the result you reported',
    );
  }
  return { l, side };
}

/** The opponent confirms a reported result: it is applied. */
export async function confirmMatch(
  tx: DbOrTx,
  actor: Actor,
  { matchId }: { matchId: number },
): Promise<TMatch> {
  const { l } = await pendingFor(tx, actor, matchId);
  if (!l.extras.report) throw refuse('nothing_to_confirm');
  const report = resultOf(l.extras.report);
  checkReport(l, report);
  return applyAndSettle(tx, l, report, 'confirmed', actor);
}

/**
 * The opponent disputes a reported result with the result they say it was (checked like any
 * report) and why: both go to the moderators' queue beside the report.
 */
export async function disputeMatch(
  tx: DbOrTx,
  actor: Actor,
  { matchId, scores, games, reason }: TDisputeMatchInput,
): Promise<TMatch> {
  const { l, side } = await pendingFor(tx, actor, matchId);
  const theirs: Report = { scores, games };
  checkReport(l, theirs);
  if (l.extras.report && sameResult(theirs, resultOf(l.extras.report))) {
    throw refuse('same_result');
  }
  const text = reason?.trim() || null;
  const stored = storedReport(side, theirs);
  await writeMatchReport(tx, l.contest.id, matchId, {
    reportState: 'disputed',
    dispute: { by: side, scores: stored.scores, games: stored.games, reason: text, at: stored.at },
  });
  const names = await ParticipantNames.of(tx, l.contest.id);
  const reporter = l.extras.report?.by ?? null;
  await notifyMatchDisputed(
    tx,
    {
      contest: l.contest,
      userIds: [
        reporter === null ? null : names.userId(reporter),
        // The organiser hears too, unless they are one of the two.
        [l.p1, l.p2].some((p) => p !== null && names.userId(p) === l.contest.createdBy)
          ? null
          : l.contest.createdBy,
      ],
      disputer: names.name(side),
      result: describe(theirs, names, l),
      reason: text,
    },
    { origin: actor.origin },
  );
  return readMatch(tx, actor, matchId);
}

/**
 * An organiser (creator, moderator, admin) decides a disputed match: the reported result, the
 * disputed one, or a third. Applied like any organiser's result, written to the audit log with
 * both sides, and both players are told.
 */
export async function decideMatch(
  tx: DbOrTx,
  actor: Actor,
  { matchId, accept, ...entered }: TDecideMatchInput,
): Promise<TMatch> {
  const l = await loadMatch(tx, actor, matchId);
  if (!isOrganiser(l.contest, actor)) throw refuse('not_organiser');
  const { report, dispute } = l.extras;
  if (l.extras.reportState !== 'disputed' || !isPlayable(l.match.status)) {
    throw refuse('nothing_to_decide');
  }
  let result: Report;
  if (accept === 'reported') {
    if (!report) throw refuse('nothing_to_decide');
    result = resultOf(report);
  } else if (accept === 'disputed') {
    if (!dispute?.scores) throw refuse('no_disputed_result');
    result = resultOf(dispute);
  } else {
    result = entered;
  }
  checkReport(l, result);
  const names = await ParticipantNames.of(tx, l.contest.id);
  const decided = await applyAndSettle(tx, l, result, 'confirmed', actor);
  await writeAudit({
    db: tx,
    actor,
    action: 'match.dispute.decided',
    targetType: 'match',
    targetId: matchId,
    before: { contestId: l.contest.id, reported: report, disputed: dispute },
    after: {
      accepted: accept ?? 'other',
      scores: result.scores ?? null,
      games: result.games ?? null,
      forfeit: result.forfeit ?? null,
    },
  });
  const whose =
    accept === 'reported' && report
      ? names.name(report.by)
      : accept === 'disputed' && dispute
        ? names.name(dispute.by)
        : null;
  await notifyMatchDecided(
    tx,
    {
      contest: l.contest,
      userIds: [l.p1!, l.p2!].map((p) => names.userId(p)),
      result: describe(result, names, l),
      whose,
    },
    { origin: actor.origin },
  );
  return decided;
}

/** The organiser sets (or clears) when a match is played. */
export async function scheduleMatch(
  tx: DbOrTx,
  actor: Actor,
  { matchId, scheduledAt }: { matchId: number; scheduledAt: Date | null },
): Promise<TMatch> {
  const l = await loadMatch(tx, actor, matchId);
  if (!isOrganiser(l.contest, actor)) throw refuse('not_organiser');
  if (isByeMatch([l.match.opponent1, l.match.opponent2])) {
    throw refuse('match_not_ready', 'A bye is not played: there is nothing to schedule');
  }
  await writeMatchReport(tx, l.contest.id, matchId, { scheduledAt });
  return readMatch(tx, actor, matchId);
}
