// The Filter button of /contests (SPEC 2.5, made to work by PRODUCT.md): category, required tier
// and participation type, chosen in a popover and applied together (or cleared) at once.
import { Badge, Button, Popover, Stack, HStack, Text } from '@chakra-ui/react';
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
import { PopoverPanel } from '../common/PopoverPanel';
import { labelledOptions, SelectFilter } from '../common/SelectFilter';

/** The three filters, each with its 'all' option first. */
const FILTERS = [
  {
    key: 'category',
    label: 'Category',
    options: labelledOptions(CONTEST_CATEGORIES, CATEGORY_LABELS, 'All categories'),
  },
  {
    key: 'tier',
    label: 'Required Tier',
    options: labelledOptions(TIERS, TIER_LABELS, 'All tiers'),
  },
  {
    key: 'participation',
    label: 'Participation Type',
    options: labelledOptions(PARTICIPATION_TYPES, PARTICIPATION_LABELS, 'All types'),
  },
] as const;

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
      <PopoverPanel
        title="Filter contests"
        width="xs"
        footer={
          <HStack justify="flex-end" w="full" gap="2">
            <Button variant="outline" size="sm" onClick={() => apply({})}>
              Clear
            </Button>
            <Button colorPalette="purple" size="sm" onClick={() => apply(draft)}>
              Apply
            </Button>
          </HStack>
        }
      >
        <Stack gap="3">
          {FILTERS.map((filter) => (
            <SelectFilter<string>
              key={filter.key}
              label={filter.label}
              value={draft[filter.key] ?? ''}
              options={filter.options}
              onChange={(v) =>
                setDraft({ ...draft, [filter.key]: v || undefined } as ContestFilterValues)
              }
            />
          ))}
        </Stack>
      </PopoverPanel>
    </Popover.Root>
  );
}
