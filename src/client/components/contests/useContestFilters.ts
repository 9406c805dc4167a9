// The /contests filters kept in the URL (?category=art&tier=pro&participation=free) like the tab,
// so a reload or a shared link shows the same list. Unknown values are ignored.
import { useSearchParams } from 'wouter';
import { TIERS, type Tier } from '../../../shared/constants';
import {
  CONTEST_CATEGORIES,
  PARTICIPATION_TYPES,
  type ContestCategory,
  type ParticipationType,
} from '../../../shared/contests';

export interface ContestFilterValues {
  category?: ContestCategory;
  tier?: Tier;
  participation?: ParticipationType;
}

export const FILTER_KEYS = ['category', 'tier', 'participation'] as const;

function pick<T extends string>(values: readonly T[], raw: string | null): T | undefined {
  return values.find((v) => v === raw);
}

export function useContestFilters(): [ContestFilterValues, (next: ContestFilterValues) => void] {
  const [params, setParams] = useSearchParams();
  const filters: ContestFilterValues = {
    category: pick(CONTEST_CATEGORIES, params.get('category')),
    tier: pick(TIERS, params.get('tier')),
    participation: pick(PARTICIPATION_TYPES, params.get('participation')),
  };
  const setFilters = (next: ContestFilterValues) =>
    setParams(
      (prev) => {
        const nextParams = new URLSearchParams(prev);
        for (const key of FILTER_KEYS) {
          const value = next[key];
          if (value) nextParams.set(key, value);
          else nextParams.delete(key);
        }
        return nextParams;
      },
      { replace: true },
    );
  return [filters, setFilters];
}

export function activeFilterCount(filters: ContestFilterValues): number {
  return FILTER_KEYS.filter((key) => filters[key]).length;
}
