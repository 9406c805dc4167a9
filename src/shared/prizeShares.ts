// A team captain's prize shares (issue 30 'Prizes from places'): before the contest starts the
// captain may say how the team's prize is split among its members, as percentages with up to two
// decimals that total exactly 100 %. Without them (or once the roster changes, which clears them)
// the prize is split equally. Stored as hundredths of a percent (basis points: 10000 = 100 %).
// The Team page's form and teams.setPrizeShares check shares with the same rule.

/** 100 % in hundredths of a percent. */
export const WHOLE_SHARE = 10_000;

const SHARE_PATTERN = /^(0|[1-9][0-9]{0,2})(\.[0-9]{1,2})?$/;

/** '33.33' as hundredths of a percent (3333); undefined when it is not a percentage of 0 to 100. */
export function shareBasisPoints(percent: string): number | undefined {
  const text = percent.trim();
  if (!SHARE_PATTERN.test(text)) return undefined;
  const [whole = '0', fraction = ''] = text.split('.');
  const points = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return points <= WHOLE_SHARE ? points : undefined;
}

/** 3333 as '33.33', 5000 as '50'. */
export function shareText(points: number): string {
  const whole = Math.floor(points / 100);
  const fraction = String(points % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

export const PRIZE_SHARE_MESSAGES = {
  percent: 'A share is a percentage from 0 to 100 with at most two decimals',
  everyMember: 'Give a share for each member of the team, and only for them',
  twice: 'A member is listed twice',
  total: (points: number) => `Prize shares must total 100 % (these total ${shareText(points)} %)`,
  started: 'Prize shares can only be set before the contest starts',
} as const;

export interface ShareLine {
  userId: number;
  percent: string;
}

/** The first thing wrong with a set of shares, as the field it is about and its message. */
export function prizeSharesProblem(
  shares: readonly ShareLine[],
  memberIds?: readonly number[],
): { index: number | null; message: string } | null {
  const seen = new Set<number>();
  let total = 0;
  for (const [index, share] of shares.entries()) {
    const points = shareBasisPoints(share.percent);
    if (points === undefined) return { index, message: PRIZE_SHARE_MESSAGES.percent };
    if (seen.has(share.userId)) return { index, message: PRIZE_SHARE_MESSAGES.twice };
    seen.add(share.userId);
    total += points;
  }
  if (
    memberIds &&
    (memberIds.length !== seen.size || memberIds.some((memberId) => !seen.has(memberId)))
  ) {
    return { index: null, message: PRIZE_SHARE_MESSAGES.everyMember };
  }
  if (shares.length && total !== WHOLE_SHARE) {
    return { index: null, message: PRIZE_SHARE_MESSAGES.total(total) };
  }
  return null;
}
