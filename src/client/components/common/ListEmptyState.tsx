// What an empty list shows instead: an icon, a title (a heading), a line on what would fill it,
// and maybe the way to fill it.
import { EmptyState, VStack, type StackProps } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface Props {
  icon: LucideIcon;
  title: string;
  description?: string;
  action?: ReactNode;
  rounded?: 'md' | 'lg';
  /** Between the title and the line. */
  gap?: StackProps['gap'];
}

export function ListEmptyState({
  icon: Icon,
  title,
  description,
  action,
  rounded = 'lg',
  gap,
}: Props) {
  return (
    <EmptyState.Root borderWidth="1px" rounded={rounded}>
      <EmptyState.Content>
        <EmptyState.Indicator>
          <Icon aria-hidden />
        </EmptyState.Indicator>
        <VStack textAlign="center" gap={gap}>
          <EmptyState.Title as="h2">{title}</EmptyState.Title>
          {description ? <EmptyState.Description>{description}</EmptyState.Description> : null}
        </VStack>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
