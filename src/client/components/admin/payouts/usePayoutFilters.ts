// The Payouts page's filters kept in the URL (?status=approved&contestId=4&userId=12), like the
// contest list's, so a reload or a shared link shows the same lines. Unknown values are ignored.
import { useSearchParams } from 'wouter';
import { PAYOUT_STATUSES, type PayoutStatus } from '../../../../shared/payouts';

export interface PayoutFilters {
  status?: PayoutStatus;
  contestId?: number;
  userId?: number;
}

const KEYS = ['status', 'contestId', 'userId'] as const;

function rowId(raw: string | null): number | undefined {
  const id = Number(raw);
  return raw && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The filters as a query string (the CSV link sends the same ones). */
export function filterQuery(filters: PayoutFilters): string {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = filters[key];
    if (value !== undefined) params.set(key, String(value));
  }
  return params.toString();
}

export function usePayoutFilters(): [PayoutFilters, (change: PayoutFilters) => void] {
  const [params, setParams] = useSearchParams();
  const filters: PayoutFilters = {
    status: PAYOUT_STATUSES.find((s) => s === params.get('status')),
    contestId: rowId(params.get('contestId')),
    userId: rowId(params.get('userId')),
  };
  /** Changes the filters named in `change` (undefined clears one); the others stay. */
  const change = (next: PayoutFilters) =>
    setParams(
      (prev) => {
        const nextParams = new URLSearchParams(prev);
        for (const key of KEYS) {
          if (!(key in next)) continue;
          const value = next[key];
          if (value === undefined) nextParams.delete(key);
          else nextParams.set(key, String(value));
        }
        return nextParams;
      },
      { replace: true },
    );
  return [filters, change];
}
