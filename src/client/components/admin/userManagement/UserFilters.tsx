// The role and subscription filters above the member table.
import { Field, HStack, NativeSelect } from '@chakra-ui/react';
import { ROLES, TIERS, TIER_LABELS, type Role, type Tier } from '../../../../shared/constants';
import { ROLE_LABELS } from './labels';

export interface UserFilterValues {
  role?: Role;
  tier?: Tier;
}

function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <Field.Root flex={{ base: '1', sm: 'none' }} minW="0" width={{ sm: '48' }}>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

const ROLE_FILTERS = [
  { value: '', label: 'All roles' },
  ...ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] })),
];
const TIER_FILTERS = [
  { value: '', label: 'All subscriptions' },
  ...TIERS.map((t) => ({ value: t, label: TIER_LABELS[t] })),
];

export function UserFilters({
  value,
  onChange,
}: {
  value: UserFilterValues;
  onChange: (value: UserFilterValues) => void;
}) {
  return (
    <HStack gap="3" align="flex-end">
      <FilterSelect
        label="Filter by role"
        value={value.role ?? ''}
        options={ROLE_FILTERS}
        onChange={(role) => onChange({ ...value, role: (role || undefined) as Role | undefined })}
      />
      <FilterSelect
        label="Filter by subscription"
        value={value.tier ?? ''}
        options={TIER_FILTERS}
        onChange={(tier) => onChange({ ...value, tier: (tier || undefined) as Tier | undefined })}
      />
    </HStack>
  );
}
