// A name with the 'DQ' mark beside it, as a standings table shows it (a tournament's table, a
// contest's results); `prefix` is a phone card's place before the name ('3. ').
import { HStack } from '@chakra-ui/react';
import { DqBadge } from './DqBadge';

export function DqName({
  row,
  prefix = '',
}: {
  row: { name: string; disqualified?: boolean };
  prefix?: string;
}) {
  return (
    <HStack as="span" gap="2" display="inline-flex">
      <span>
        {prefix}
        {row.name}
      </span>
      <DqBadge disqualified={row.disqualified} />
    </HStack>
  );
}
