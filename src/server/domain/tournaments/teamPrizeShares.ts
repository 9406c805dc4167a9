// A captain's prize shares (issue 30 'Prizes from places'). TO BE BUILT (helper).
import type { TeamChangeArgs } from './teamChange';
import type { TPrizeShareLine } from '../../../shared/schemas/teams';

/** The captain sets how the team's prize is split (none: equally), before the start. */
export async function setPrizeShares(
  _args: TeamChangeArgs & { shares: TPrizeShareLine[] },
): Promise<void> {}
