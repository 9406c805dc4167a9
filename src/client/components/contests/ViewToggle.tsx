// Grid or list (SPEC 2.5): a segmented control, which is a radio group, so one choice is always
// on and it cannot be deselected; arrow keys move between the two.
import { SegmentGroup, Text } from '@chakra-ui/react';
import { LayoutGrid, List } from 'lucide-react';
import type { ContestLayout } from './ContestCard';

const VIEWS = [
  { value: 'grid', label: 'Grid view', Icon: LayoutGrid },
  { value: 'list', label: 'List view', Icon: List },
] as const;

export function ViewToggle({
  value,
  onChange,
}: {
  value: ContestLayout;
  onChange: (value: ContestLayout) => void;
}) {
  return (
    <SegmentGroup.Root
      value={value}
      onValueChange={(e) => {
        if (e.value === 'grid' || e.value === 'list') onChange(e.value);
      }}
      aria-label="Layout"
      size="sm"
    >
      <SegmentGroup.Indicator />
      {VIEWS.map(({ value: view, label, Icon }) => (
        <SegmentGroup.Item key={view} value={view}>
          <SegmentGroup.ItemText>
            <Icon size={16} aria-hidden />
            <Text as="span" srOnly>
              {label}
            </Text>
          </SegmentGroup.ItemText>
          <SegmentGroup.ItemHiddenInput />
        </SegmentGroup.Item>
      ))}
    </SegmentGroup.Root>
  );
}
