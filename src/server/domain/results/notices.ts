// What each participant is told when their contest's results are confirmed (issue 30): their
// final place and their prize (a team's member: the team's place and their share).
import { notifyMany, type Notice } from '../messages';
import type { Actor } from '../../platform/actor';
import type { DbOrTx } from '../../platform/db/client';
import { formatPrize } from '../../../shared/prizes';
import type { TResultStanding } from '../../../shared/schemas/results';
import { peopleTold } from './winners';

interface NoticeContest {
  slug: string;
  title: string;
}

function bodyOf(
  contest: NoticeContest,
  p: ReturnType<typeof peopleTold>[number],
  total: number,
): string {
  const named = `“${contest.title || 'Untitled contest'}”`;
  const team = p.teamName !== null;
  const who = team ? `Your team ${p.teamName}` : 'You';
  const s: TResultStanding = p.standing;
  const start = `The results of ${named} are confirmed.`;
  const notPlaced = team ? 'so it is not placed' : 'so you are not placed';
  if (s.disqualified) return `${start} ${who} ${team ? 'was' : 'were'} disqualified, ${notPlaced}.`;
  if (s.place === null) return `${start} ${who} had no score, ${notPlaced}.`;
  const place = `${start} ${who} finished ${s.placeText} of ${total}.`;
  if (!p.prize) return place;
  const prize = formatPrize(p.prize.amount, p.prize.currency);
  return !team ? `${place} Your prize: ${prize}.` : `${place} Your share of its prize: ${prize}.`;
}

export async function notifyConfirmed(
  tx: DbOrTx,
  actor: Actor,
  contest: NoticeContest,
  standings: readonly TResultStanding[],
): Promise<void> {
  const notices: Notice[] = peopleTold(standings).map((p) => ({
    userId: p.userId,
    kind: 'results_confirmed',
    title: `Results confirmed: ${contest.title || 'Untitled contest'}`,
    body: bodyOf(contest, p, standings.length),
    link: `/contests/${contest.slug}`,
    actionLabel: 'See the results',
  }));
  if (notices.length) await notifyMany(tx, notices, { origin: actor.origin });
}
