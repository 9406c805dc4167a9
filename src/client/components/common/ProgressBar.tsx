// A small purple progress bar with its label on the left and how far it is on the right (a
// re-scoring, a file's upload). `aria-label` names the bar itself for a screen reader.
import { HStack, Progress, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function ProgressBar({
  label,
  status,
  ...rootProps
}: Omit<Progress.RootProps, 'children'> & {
  label: ReactNode;
  /** How far it is: 'Scored 3 of 8', '42%'. */
  status: ReactNode;
}) {
  return (
    <Progress.Root colorPalette="purple" size="sm" {...rootProps}>
      <HStack justify="space-between" mb="1">
        <Progress.Label>{label}</Progress.Label>
        <Text fontSize="sm" color="fg.muted">
          {status}
        </Text>
      </HStack>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
