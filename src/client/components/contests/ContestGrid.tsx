// Cards in a responsive grid, or one per row in list view, as a list screen readers can count.
import { Box, SimpleGrid, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { ContestLayout } from './ContestCard';

interface Props<T> {
  layout: ContestLayout;
  /** Names the list for screen readers ('Featured contests'). */
  label: string;
  items: readonly T[];
  itemKey: (item: T) => string | number;
  render: (item: T) => ReactNode;
}

export function ContestGrid<T>({ layout, label, items, itemKey, render }: Props<T>) {
  const children = items.map((item) => (
    <Box as="li" key={itemKey(item)} minW="0">
      {render(item)}
    </Box>
  ));
  const list = { as: 'ul', 'aria-label': label, listStyleType: 'none', m: '0', p: '0' } as const;
  return layout === 'list' ? (
    <Stack {...list} gap="4">
      {children}
    </Stack>
  ) : (
    <SimpleGrid {...list} columns={{ base: 1, md: 2, xl: 3 }} gap="6">
      {children}
    </SimpleGrid>
  );
}
