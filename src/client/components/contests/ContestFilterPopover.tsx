// The Filter button of /contests (SPEC 2.5, made to work by PRODUCT.md): category, required tier
// and participation type, chosen in a popover and applied together (or cleared) at once.
import { Badge, Button, Field, NativeSelect, Popover, Stack, HStack, Text } from '@chakra-ui/react';
import { Filter } from 'lucide-react';
import { useState } from 'react';
import { TIERS, TIER_LABELS } from '../../../shared/constants';
import {
  CATEGORY_LABELS,
  CONTEST_CATEGORIES,
  PARTICIPATION_LABELS,
  PARTICIPATION_TYPES,
} from '../../../shared/contests';
import { activeFilterCount, type ContestFilterValues } from './useContestFilters';
import { LandmarkPortal } from '../common/LandmarkPortal';

function FilterSelect({
  label,
  value,
  any,
  options,
  onChange,
}: {
  label: string;
  value: string;
  any: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{any}</option>
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

const CATEGORY_OPTIONS = CONTEST_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }));
const TIER_OPTIONS = TIERS.map((t) => ({ value: t, label: TIER_LABELS[t] }));
const PARTICIPATION_OPTIONS = PARTICIPATION_TYPES.map((p) => ({
  value: p,
  label: PARTICIPATION_LABELS[p],
}));

export function ContestFilterPopover({
  value,
  onApply,
  disabled,
}: {
  value: ContestFilterValues;
  onApply: (next: ContestFilterValues) => void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  // The choices being made; the list changes only on Apply (or Clear).
  const [draft, setDraft] = useState<ContestFilterValues>(value);
  const count = activeFilterCount(value);
  const apply = (next: ContestFilterValues) => {
    onApply(next);
    setOpen(false);
  };
  return (
    <Popover.Root
      open={open}
      onOpenChange={(e) => {
        if (e.open) setDraft(value);
        setOpen(e.open);
      }}
      positioning={{ placement: 'bottom-start' }}
    >
      <Popover.Trigger asChild>
        <Button variant="outline" disabled={disabled}>
          <Filter size={16} aria-hidden /> Filter
          {count ? (
            <Badge colorPalette="purple" variant="solid" size="sm">
              {count}
              <Text as="span" srOnly>
                {' '}
                active
              </Text>
            </Badge>
          ) : null}
        </Button>
      </Popover.Trigger>
      <LandmarkPortal>
        <Popover.Positioner>
          <Popover.Content w={{ base: 'calc(100vw - 2rem)', sm: 'xs' }}>
            {/* A div, not Chakra's <header>: in a portal a <header> is a second banner landmark. */}
            <Popover.Header asChild>
              <div>
                <Popover.Title fontWeight="semibold">Filter contests</Popover.Title>
              </div>
            </Popover.Header>
            <Popover.Body>
              <Stack gap="3">
                <FilterSelect
                  label="Category"
                  any="All categories"
                  value={draft.category ?? ''}
                  options={CATEGORY_OPTIONS}
                  onChange={(v) =>
                    setDraft({
                      ...draft,
                      category: (v || undefined) as ContestFilterValues['category'],
                    })
                  }
                />
                <FilterSelect
                  label="Required Tier"
                  any="All tiers"
                  value={draft.tier ?? ''}
                  options={TIER_OPTIONS}
                  onChange={(v) =>
                    setDraft({ ...draft, tier: (v || undefined) as ContestFilterValues['tier'] })
                  }
                />
                <FilterSelect
                  label="Participation Type"
                  any="All types"
                  value={draft.participation ?? ''}
                  options={PARTICIPATION_OPTIONS}
                  onChange={(v) =>
                    setDraft({
                      ...draft,
                      participation: (v || undefined) as ContestFilterValues['participation'],
                    })
                  }
                />
              </Stack>
            </Popover.Body>
            <Popover.Footer>
              <HStack justify="flex-end" w="full" gap="2">
                <Button variant="outline" size="sm" onClick={() => apply({})}>
                  Clear
                </Button>
                <Button colorPalette="purple" size="sm" onClick={() => apply(draft)}>
                  Apply
                </Button>
              </HStack>
            </Popover.Footer>
          </Popover.Content>
        </Popover.Positioner>
      </LandmarkPortal>
    </Popover.Root>
  );
}
