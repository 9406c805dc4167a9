// A titled part of a card or panel (the organiser's 'All submissions', 'Add player', 'All
// teams'): a small h3 over its content, so a screen reader lists a panel's parts by heading.
import { Heading, Stack, type StackProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function SubSection({
  title,
  gap = '2',
  children,
  ...stackProps
}: StackProps & { title: ReactNode }) {
  return (
    <Stack gap={gap} {...stackProps}>
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}
