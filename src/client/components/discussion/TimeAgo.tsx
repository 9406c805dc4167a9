// A past moment as people say it ('5 minutes ago'), its full date and time on hover and for
// assistive technology reading the <time> element.
import { formatDateTime, formatRelativeTime } from '../../lib/relativeTime';

export function TimeAgo({ date }: { date: Date }) {
  return (
    <time dateTime={date.toISOString()} title={formatDateTime(date)}>
      {formatRelativeTime(date)}
    </time>
  );
}
