// A statement's breaches or flags as a list: each message, then the tickets it names (the
// organiser looks them up in the statement's trades).
import { List, Stack, Text } from '@chakra-ui/react';
import { noticeText } from './tradingDisplay';

export interface Notice {
  message: string;
  tickets: readonly string[];
}

export function NoticeList({
  title,
  items,
  tone,
}: {
  title: string;
  items: readonly Notice[];
  tone: 'red' | 'orange';
}) {
  if (items.length === 0) return null;
  return (
    <Stack gap="1">
      <Text fontWeight="medium" color={`${tone}.fg`}>
        {title}
      </Text>
      <List.Root ps="5" gap="1" fontSize="sm" aria-label={title}>
        {items.map((item, i) => (
          <List.Item key={i}>{noticeText(item.message, item.tickets)}</List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}
