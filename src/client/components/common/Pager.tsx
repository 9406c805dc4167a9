import { Button, HStack, Text } from '@chakra-ui/react';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

export function Pager({ page, pageSize, total, onPage }: Props) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <HStack justify="flex-end" gap="3" mt="4">
      <Text fontSize="sm" color="fg.muted">
        Page {Math.min(page, pages)} of {pages}
      </Text>
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </HStack>
  );
}
