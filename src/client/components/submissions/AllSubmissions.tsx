// The organiser's table of every submission of the contest: the member, both scores, the status
// with a failure's reason, and the download. Asks again every 2 s while any waits for a score.
import { formatDateTime } from '../../../shared/format';
import type { TSubmissionView } from '../../../shared/schemas/submissions';
import type { ResponsiveColumn } from '../common/ResponsiveTable';
import { StatusCell, scoreCell } from './submissionDisplay';
import { SubmissionTable, downloadColumn } from './SubmissionTable';

const PAGE_SIZE = 50;

const COLUMNS: ResponsiveColumn<TSubmissionView>[] = [
  { key: 'member', header: 'Member', cell: (s) => s.username },
  { key: 'time', header: 'Time', cell: (s) => formatDateTime(s.createdAt) },
  { key: 'file', header: 'File', cell: (s) => s.fileName },
  { key: 'status', header: 'Status', cell: (s) => <StatusCell submission={s} /> },
  { key: 'public', header: 'Public score', cell: (s) => scoreCell(s.publicScore), align: 'end' },
  { key: 'private', header: 'Private score', cell: (s) => scoreCell(s.privateScore), align: 'end' },
  { key: 'selected', header: 'Selected', cell: (s) => (s.selected ? 'Yes' : 'No') },
  downloadColumn((s) => `${s.username}'s ${s.fileName}`),
];

export function AllSubmissions({ contestId }: { contestId: number }) {
  return (
    <SubmissionTable
      query={{ contestId }}
      pageSize={PAGE_SIZE}
      caption="All submissions"
      columns={COLUMNS}
      cardTitle={(s) => `${s.username}: ${s.fileName}`}
    />
  );
}
