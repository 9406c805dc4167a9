// The trader's one-time ownership code and how to use it: a statement whose orders or deals
// carry it in a comment proves the account is theirs.
import { Button, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { useCopyToClipboard } from '../../lib/useCopyToClipboard';

export function OwnershipCode({ code }: { code: string }) {
  const { copied, copy } = useCopyToClipboard();
  return (
    <Stack gap="1">
      <HStack gap="3" wrap="wrap">
        <Text fontWeight="medium">Your ownership code</Text>
        <Code fontSize="md" variant="outline" aria-label={`Ownership code ${code}`}>
          {code}
        </Code>
        <Button size="xs" variant="outline" onClick={() => void copy(code)}>
          {copied ? 'Copied' : 'Copy code'}
        </Button>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        Before you save the statement, place a pending order whose comment holds this code, then
        cancel it: the statement then proves the account is yours.
      </Text>
    </Stack>
  );
}
