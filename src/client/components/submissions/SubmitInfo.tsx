// What a participant reads before submitting: the metric and which way is better, what is left
// of today's submissions (and of the total), and the sample file to start from.
import { Link, Stack, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import type { TEvaluationView } from '../../../shared/schemas/submissions';
import { remainingText } from '../../../shared/submissions';

export function SubmitInfo({ view, open }: { view: TEvaluationView; open: boolean }) {
  // The counts matter only while the member may still submit and select.
  const mine = open ? view.mine : null;
  return (
    <Stack gap="1">
      <Text>
        Scored by <strong>{view.metricLabel}</strong> ({view.direction} is better)
        {view.published
          ? '.'
          : `, on ${Math.round(view.publicFraction * 1000) / 10}% of the rows until the private board is published.`}
      </Text>
      {mine ? (
        <Text fontWeight="medium">{remainingText(mine.remainingToday, view.dailyLimit)}</Text>
      ) : null}
      {mine && mine.remainingTotal !== null ? (
        <Text fontSize="sm" color="fg.muted">
          {mine.remainingTotal} of {view.totalLimit} left in total.
        </Text>
      ) : null}
      {mine ? (
        <Text fontSize="sm" color="fg.muted">
          You may select up to {view.selectionLimit} for the final board ({mine.selected} selected);
          none selected: your best public ones count.
        </Text>
      ) : null}
      <Link
        href={`/api/contests/${view.contestId}/evaluation/sample`}
        download
        color="purple.fg"
        variant="underline"
        alignSelf="flex-start"
      >
        <Download size={16} aria-hidden /> Download the sample submission
      </Link>
    </Stack>
  );
}
