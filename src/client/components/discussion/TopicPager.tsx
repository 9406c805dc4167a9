// A topic's pages of replies: First, Previous, Next and Last (a long topic is read at its end).
import { Button, HStack, Text } from '@chakra-ui/react';

export function TopicPager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <HStack as="nav" aria-label="Pages of replies" justify="flex-end" gap="2" wrap="wrap">
      <Text fontSize="sm" color="fg.muted">
        Page {Math.min(page, pages)} of {pages}
      </Text>
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(1)}>
        First page
      </Button>
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
      <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(pages)}>
        Last page
      </Button>
    </HStack>
  );
}
