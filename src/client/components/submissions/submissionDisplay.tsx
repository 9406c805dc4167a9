// How a submission reads on the contest page: its status as a badge, a score (or a dash), and
// the address of its file.
import { Badge, Stack, Text } from '@chakra-ui/react';
import { scoreText } from '../../../shared/schemas/submissions';
import type { SubmissionStatus } from '../../../shared/submissions';

const STATUS: Record<SubmissionStatus, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  scoring: { label: 'Scoring', color: 'blue' },
  scored: { label: 'Scored', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

export function StatusBadge({ status }: { status: SubmissionStatus }) {
  return (
    <Badge colorPalette={STATUS[status].color} variant="subtle">
      {STATUS[status].label}
    </Badge>
  );
}

export function scoreCell(score: number | null): string {
  return score === null ? '–' : scoreText(score);
}

export const submissionFileUrl = (id: number) => `/api/submissions/${id}/file`;

/** Whether any of the submissions still waits for its score (the page then keeps asking). */
export function anyPending(items: readonly { status: SubmissionStatus }[] | undefined): boolean {
  return !!items?.some((s) => s.status === 'queued' || s.status === 'scoring');
}

/** The status, and a failure's reason under it. */
export function StatusCell({
  submission,
}: {
  submission: { status: SubmissionStatus; error: string | null };
}) {
  return (
    <Stack gap="1" align="flex-start">
      <StatusBadge status={submission.status} />
      {submission.status === 'failed' && submission.error ? (
        <Text fontSize="sm" color="fg.muted">
          {submission.error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The file's name, and the member's description under it. */
export function FileCell({
  submission,
}: {
  submission: { fileName: string; description: string | null };
}) {
  return (
    <Stack gap="0.5">
      <Text overflowWrap="anywhere">{submission.fileName}</Text>
      {submission.description ? (
        <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
          {submission.description}
        </Text>
      ) : null}
    </Stack>
  );
}
