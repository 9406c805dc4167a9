// A forfeited prize (issue 30 'Payouts': 'the organiser decides whether the prize moves to the
// next place'). The contest's organiser decides once per forfeited line: kept (not paid), or
// passed to the next place: the best placed entrants of the confirmed standings who are not
// disqualified, have no prize of their own and no payout line of this contest; entrants tied at
// that place share it equally, a team's share split among its members as at the freeze, each
// rounded down to the currency's unit with the rest stated. The standings show the prize, the
// new lines follow the payout flow (the winner asked for a method or told it is on its way).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { contestResults } from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { writeAudit } from '../audit';
import {
  contestPayees,
  createPayoutLines,
  lineToDecide,
  payoutById,
  recordForfeitDecision,
} from '../payouts';
import { PAYOUT_MESSAGES } from '../../../shared/payouts';
import type { PrizeCurrency } from '../../../shared/prizes';
import type { TForfeitDecision, TForfeitDecisionInput } from '../../../shared/schemas/payouts';
import type { TResultStanding } from '../../../shared/schemas/results';
import { organiserContest, storedResults } from './stored';
import { Units, amountOf, standingWithPrize, unitsOf } from './standings';
import { payoutLines } from './winners';

/** The member ids a standing pays: the member, or the team's members. */
function peopleIds(s: TResultStanding): number[] {
  return s.teamId === null ? (s.userId === null ? [] : [s.userId]) : s.members.map((m) => m.userId);
}

/** The entrants at the next place: best placed, eligible, without a prize or a line. */
export function nextPlaceEntrants(
  standings: readonly TResultStanding[],
  payees: ReadonlySet<number>,
): TResultStanding[] {
  const eligible = standings.filter((s) => {
    const ids = peopleIds(s);
    return (
      s.place !== null &&
      !s.disqualified &&
      s.prize === null &&
      ids.length > 0 &&
      ids.every((id) => !payees.has(id))
    );
  });
  if (!eligible.length) return [];
  const place = Math.min(...eligible.map((s) => s.place!));
  return eligible.filter((s) => s.place === place);
}

/** The organiser's decision on a forfeited line: kept, or passed to the next place. */
export async function decideForfeit(
  tx: DbOrTx,
  actor: Actor,
  { id, decision }: TForfeitDecisionInput,
): Promise<TForfeitDecision> {
  const line = await lineToDecide(tx, id);
  // A line of a deleted contest has nobody to pass it to, nor an organiser but the admins.
  if (line.contestId === null) throw new AppError('NOT_FOUND', PAYOUT_MESSAGES.notFound);
  const contest = await organiserContest(tx, actor, line.contestId);
  if (line.status !== 'forfeited') {
    throw new AppError('not_forfeited', PAYOUT_MESSAGES.notForfeited);
  }
  await recordForfeitDecision(tx, id, decision);
  let passedTo: number[] = [];
  if (decision === 'passed') {
    const stored = await storedResults(tx, contest.id);
    const entrants =
      stored?.status === 'confirmed'
        ? nextPlaceEntrants(stored.standings, await contestPayees(tx, contest.id))
        : [];
    if (!stored || !entrants.length) {
      throw new AppError('no_next_place', PAYOUT_MESSAGES.noNextPlace);
    }
    const prize = { amount: line.amount, currency: line.currency as PrizeCurrency };
    const units = unitsOf(prize);
    const each = units / BigInt(entrants.length);
    // Nothing to give each of them: refused, so the line stays to decide (it can be kept).
    if (each === 0n) {
      throw new AppError('prize_too_small', PAYOUT_MESSAGES.prizeTooSmall(entrants.length));
    }
    const remainder = new Units(stored.remainder);
    remainder.add(prize.currency, units - each * BigInt(entrants.length));
    const given = new Map<TResultStanding, TResultStanding>();
    for (const entrant of entrants) {
      const share = amountOf(each, prize.currency);
      given.set(entrant, await standingWithPrize(tx, contest.id, entrant, share, remainder));
    }
    const standings = stored.standings.map((s) => given.get(s) ?? s);
    await tx
      .update(contestResults)
      .set({ standings, remainder: remainder.amounts(), updatedAt: new Date() })
      .where(eq(contestResults.contestId, contest.id));
    passedTo = await createPayoutLines(tx, {
      contestId: contest.id,
      contestTitle: contest.title,
      contestSlug: contest.slug,
      lines: payoutLines([...given.values()]).map((l) => ({ ...l, passedFromId: id })),
    });
  }
  await writeAudit({
    db: tx,
    actor,
    action: decision === 'passed' ? 'payout.forfeit_passed' : 'payout.forfeit_kept',
    targetType: 'payout',
    targetId: id,
    before: { forfeitDecision: null },
    after: { forfeitDecision: decision, passedTo },
  });
  const full = actor.role === 'admin';
  const answer = async (lineId: number) => (await payoutById(tx, lineId, full))!;
  return {
    payout: await answer(id),
    passedTo: await Promise.all(passedTo.map(answer)),
  };
}
