// One figure with its label (dashboard cards, analytics overview), named by its label so a
// screen reader (and a test) finds 'Your Rank' and reads its value.
import { Card, Text } from '@chakra-ui/react';

export function StatCard({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card.Root role="group" aria-label={label}>
      <Card.Body>
        <Text color="fg.muted" fontSize="sm">
          {label}
        </Text>
        <Text fontSize="3xl" fontWeight="bold">
          {value}
        </Text>
        {hint ? (
          <Text color="fg.muted" fontSize="xs">
            {hint}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
