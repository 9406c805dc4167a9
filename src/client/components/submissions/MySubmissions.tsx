// 'My submissions' (issue 31 'Each member's submissions list'): time, file, description, status
// (a failure with its reason), the public score, the private one once published, the switch that
// selects it for the final board, and the download of the member's own file. While one still
// waits for its score, the list asks again every 2 s (the live channel may be closed to them).
import { Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/format';
import type { TSubmissionView } from '../../../shared/schemas/submissions';
import type { ResponsiveColumn } from '../common/ResponsiveTable';
import { SelectSwitch } from './SelectSwitch';
import { DiscussLink } from '../discussion/DiscussLink';
import { FileCell, StatusCell, scoreCell } from './submissionDisplay';
import { SubmissionTable, downloadColumn } from './SubmissionTable';

const PAGE_SIZE = 20;

/** A failed submission's 'Discuss this': a new topic with the file and the reason. */
function failedTopic(s: TSubmissionView) {
  return {
    title: `Submission failed: ${s.fileName}`.slice(0, 200),
    body: `My submission \`${s.fileName}\` (${formatDateTime(s.createdAt)}) failed:\n\n> ${s.error ?? 'no reason given'}\n\n`,
  };
}

function columns(
  published: boolean,
  closed: boolean,
  onRefused: (m: string | null) => void,
  discuss: { contestId: number; enableComments: boolean },
): ResponsiveColumn<TSubmissionView>[] {
  const list: (ResponsiveColumn<TSubmissionView> | null)[] = [
    { key: 'time', header: 'Time', cell: (s) => formatDateTime(s.createdAt) },
    { key: 'file', header: 'File and description', cell: (s) => <FileCell submission={s} /> },
    {
      key: 'status',
      header: 'Status',
      cell: (s) => (
        <Stack gap="1" align="flex-start">
          <StatusCell submission={s} />
          {s.status === 'failed' ? (
            <DiscussLink {...discuss} {...failedTopic(s)} label={`Discuss this failure`} />
          ) : null}
        </Stack>
      ),
    },
    { key: 'public', header: 'Public score', cell: (s) => scoreCell(s.publicScore), align: 'end' },
    published
      ? {
          key: 'private',
          header: 'Private score',
          cell: (s) => scoreCell(s.privateScore),
          align: 'end',
        }
      : null,
    {
      key: 'selected',
      header: 'Selected for final',
      cell: (s) => <SelectSwitch submission={s} closed={closed} onRefused={onRefused} />,
    },
    downloadColumn((s) => s.fileName),
  ];
  return list.filter((c): c is ResponsiveColumn<TSubmissionView> => c !== null);
}

export function MySubmissions({
  contestId,
  published,
  closed,
  enableComments = false,
}: {
  contestId: number;
  published: boolean;
  closed: boolean;
  /** The contest's discussion: a failed submission links to a new topic about it. */
  enableComments?: boolean;
}) {
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <SubmissionTable
      query={{ contestId, mine: true }}
      pageSize={PAGE_SIZE}
      caption="My submissions"
      columns={columns(published, closed, setRefusal, { contestId, enableComments })}
      cardTitle={(s) => s.fileName}
    >
      {refusal ? (
        <Text color="red.fg" role="alert">
          {refusal}
        </Text>
      ) : null}
    </SubmissionTable>
  );
}
