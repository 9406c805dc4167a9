// Whether a contest is scored from statements (issue 34): its trading rules answer `scoring:
// 'trading'`. Only an Open contest can have rules, so no other contest asks. `pending` while
// the answer is on its way, so a screen does not show the typed-score board for a moment.
import type { TContest } from '../../../shared/schemas/contests';
import { trpc } from '../../lib/trpc';

export function useTradingContest(contest: Pick<TContest, 'id' | 'format'> | undefined): {
  trading: boolean;
  pending: boolean;
} {
  const open = contest?.format === 'open';
  const rules = trpc.trading.rules.useQuery(
    { contestId: contest?.id ?? 0 },
    { enabled: open && !!contest },
  );
  return { trading: open && rules.data?.scoring === 'trading', pending: open && rules.isLoading };
}
