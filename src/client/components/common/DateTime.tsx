// A moment in a table's cell or a card's title: the date and time on one line, the exact instant
// for machines (<time dateTime>).
import { formatDateTime } from '../../lib/relativeTime';

export function DateTime({ date }: { date: Date }) {
  return (
    <time dateTime={date.toISOString()} style={{ whiteSpace: 'nowrap' }}>
      {formatDateTime(date)}
    </time>
  );
}
