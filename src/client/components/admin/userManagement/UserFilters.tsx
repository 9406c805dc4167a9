// The role and subscription filters above the member table.
import { HStack } from '@chakra-ui/react';
import { ROLES, TIERS, TIER_LABELS, type Role, type Tier } from '../../../../shared/constants';
import { labelledOptions, SelectFilter } from '../../common/SelectFilter';
import { ROLE_LABELS } from './labels';

export interface UserFilterValues {
  role?: Role;
  tier?: Tier;
}

const FILTERS = [
  {
    key: 'role',
    label: 'Filter by role',
    options: labelledOptions(ROLES, ROLE_LABELS, 'All roles'),
  },
  {
    key: 'tier',
    label: 'Filter by subscription',
    options: labelledOptions(TIERS, TIER_LABELS, 'All subscriptions'),
  },
] as const;

export function UserFilters({
  value,
  onChange,
}: {
  value: UserFilterValues;
  onChange: (value: UserFilterValues) => void;
}) {
  return (
    <HStack gap="3" align="flex-end">
      {FILTERS.map((filter) => (
        <SelectFilter<string>
          key={filter.key}
          // As wide as the longest option on a wide screen, half the row each on a narrow one.
          flex={{ base: '1', sm: 'none' }}
          minW="0"
          width={{ sm: '48' }}
          label={filter.label}
          smallLabel
          value={value[filter.key] ?? ''}
          options={filter.options}
          onChange={(v) => onChange({ ...value, [filter.key]: v || undefined } as UserFilterValues)}
        />
      ))}
    </HStack>
  );
}
