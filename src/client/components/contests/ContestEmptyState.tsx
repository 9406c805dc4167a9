import { EmptyState, VStack } from '@chakra-ui/react';
import { Trophy } from 'lucide-react';
import type { ReactNode } from 'react';

/** An empty list's message: a title (SPEC's texts) and a line on what would fill it. */
export function ContestEmptyState({
  title,
  description,
  action,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
}) {
  return (
    <EmptyState.Root borderWidth="1px" rounded="lg">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <Trophy aria-hidden />
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title as="h2">{title}</EmptyState.Title>
          {description ? <EmptyState.Description>{description}</EmptyState.Description> : null}
        </VStack>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
