// A board row's trader: their name, 'Disqualified' with the broken rules (each naming its
// tickets) behind a disclosure, or 'Awaiting review' while the organiser has not decided.
import { Badge, HStack, List, Stack, Text } from '@chakra-ui/react';
import type { TTradingBoardRow } from '../../../shared/schemas/trading';
import { DisclosureCell } from '../common/DisclosureCell';
import { BREACH_LABELS, noticeText } from './tradingDisplay';

export function TraderCell({ row }: { row: TTradingBoardRow }) {
  const name = (
    <Text as="span" fontWeight="medium">
      {row.entrantName}
    </Text>
  );
  if (row.disqualified) {
    return (
      <DisclosureCell
        maxW="sm"
        summary={
          <HStack gap="2" wrap="wrap">
            {name}
            <Badge colorPalette="red" variant="subtle">
              Disqualified
            </Badge>
          </HStack>
        }
        trigger="Why"
        triggerLabel={`Why ${row.entrantName} is disqualified`}
      >
        <List.Root ps="5" gap="1" fontSize="sm" mt="1" aria-label={`${row.entrantName}'s breaches`}>
          {row.breaches.length === 0 ? (
            <List.Item>Disqualified by the organiser.</List.Item>
          ) : (
            row.breaches.map((b, i) => (
              <List.Item key={i}>
                {BREACH_LABELS[b.rule]}: {noticeText(b.message, b.tickets)}
              </List.Item>
            ))
          )}
        </List.Root>
      </DisclosureCell>
    );
  }
  return (
    <Stack gap="1" align="flex-start">
      {name}
      {row.status === 'pending' ? (
        <Badge colorPalette="orange" variant="subtle">
          Awaiting review
        </Badge>
      ) : null}
    </Stack>
  );
}
