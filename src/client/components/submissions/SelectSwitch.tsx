// 'Selected for final' on one of the member's submissions: on while the contest runs and the
// submission is scored; the server's refusal (the selection limit, the end) is said by the
// caller, beside the table.
import { Switch } from '@chakra-ui/react';
import type { TSubmissionView } from '../../../shared/schemas/submissions';
import { trpc } from '../../lib/trpc';

export function SelectSwitch({
  submission,
  closed,
  onRefused,
}: {
  submission: TSubmissionView;
  /** The contest has ended or its private board is published: selections are final. */
  closed: boolean;
  onRefused: (message: string | null) => void;
}) {
  const select = trpc.submissions.select.useMutation({
    onMutate: () => onRefused(null),
    onError: (error) => onRefused(error.message || 'The selection could not be changed'),
  });
  return (
    <Switch.Root
      checked={submission.selected}
      disabled={closed || submission.status !== 'scored' || select.isPending}
      onCheckedChange={(e) => select.mutate({ id: submission.id, selected: e.checked })}
      colorPalette="purple"
      size="sm"
    >
      <Switch.HiddenInput aria-label={`Selected for final: ${submission.fileName}`} />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
    </Switch.Root>
  );
}
