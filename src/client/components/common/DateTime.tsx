// A moment in a table's cell or a card's title: the date and time on one line, the exact instant
// for machines (<time dateTime>).
import { Text } from '@chakra-ui/react';
import { formatDateTime } from '../../lib/relativeTime';

export function DateTime({ date }: { date: Date }) {
  return (
    <time dateTime={date.toISOString()} style={{ whiteSpace: 'nowrap' }}>
      {formatDateTime(date)}
    </time>
  );
}

/** The moment in a list card's title: smaller and quieter than the title's own words. */
export function CardTitleDate({ date }: { date: Date }) {
  return (
    <Text as="span" fontSize="xs" color="fg.muted" fontWeight="normal">
      <DateTime date={date} />
    </Text>
  );
}
