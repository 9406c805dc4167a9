// Who frozen standings pay and certify (issue 30): one payout line per winner and currency (a
// team's members each for their share), a certificate for each placed member down to the last
// place the prize table pays (at least the podium), a team's members each their own.
import type { NewPayoutLine } from '../payouts';
import type { NewCertificate } from '../certificates';
import { lastPaidPlace } from '../../../shared/prizeTotals';
import type { TPrizeTable } from '../../../shared/schemas/prizes';
import type { TResultStanding } from '../../../shared/schemas/results';

/** The places that get a certificate: the podium, or down to the last place paid. */
export function certifiedPlaces(table: TPrizeTable | null): number {
  return Math.max(3, table && table.rows.length ? lastPaidPlace(table) : 0);
}

/** Each person of a standing: the member, or the team's members (with the team's name). */
function peopleOf(s: TResultStanding) {
  if (s.teamId === null) {
    return s.userId === null
      ? []
      : [{ userId: s.userId, username: s.name, teamName: null, prize: s.prize }];
  }
  return s.members.map((m) => ({
    userId: m.userId,
    username: m.name,
    teamName: s.name,
    prize: m.prize,
  }));
}

export function payoutLines(standings: readonly TResultStanding[]): NewPayoutLine[] {
  const lines: NewPayoutLine[] = [];
  for (const s of standings) {
    if (s.place === null || s.placeText === null) continue;
    for (const p of peopleOf(s)) {
      if (!p.prize) continue;
      lines.push({
        userId: p.userId,
        username: p.username,
        teamName: p.teamName,
        place: s.place,
        placeText: s.placeText,
        amount: p.prize.amount,
        currency: p.prize.currency,
      });
    }
  }
  return lines;
}

export function certificateEntries(
  standings: readonly TResultStanding[],
  table: TPrizeTable | null,
): NewCertificate[] {
  const last = certifiedPlaces(table);
  return standings.flatMap((s) =>
    s.place === null || s.placeText === null || s.place > last
      ? []
      : peopleOf(s).map((p) => ({
          userId: p.userId,
          username: p.username,
          teamName: p.teamName,
          place: s.place!,
          placeText: s.placeText!,
        })),
  );
}

/** Everyone a standing names, with what they are told: their place and their own prize. */
export function peopleTold(standings: readonly TResultStanding[]) {
  return standings.flatMap((s) => peopleOf(s).map((p) => ({ ...p, standing: s })));
}
