// Approve, asked first (it was one click): the contest's dates with their times, and a warning
// when they are impossible (the server refuses to approve those: 'Edit dates' leads to the fix)
// or already past (allowed, but members may have no time left to register).
import { Alert, Button, DataList, Stack, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { formatDateTime } from '../../../../shared/format';
import { dateOrderProblems, type TContest } from '../../../../shared/schemas/contests';
import { AppDialog } from '../../common/AppDialog';

/** What an approver should know about a contest's dates before approving it. */
export function approvalWarnings(
  contest: Pick<TContest, 'registrationDeadline' | 'startDate' | 'endDate'>,
  now: number = Date.now(),
): { impossible: string[]; past: string[] } {
  const impossible = dateOrderProblems(contest).map((p) => p.message);
  if (!contest.startDate || !contest.endDate)
    impossible.push('The contest has no start or end date');
  const past: string[] = [];
  const passed = (d: Date | null) => d !== null && d.getTime() <= now;
  if (passed(contest.endDate)) past.push('The end date has already passed.');
  else if (passed(contest.startDate)) past.push('The start date has already passed.');
  if (passed(contest.registrationDeadline) && !passed(contest.endDate)) {
    past.push('The registration deadline has passed: no one will be able to join.');
  }
  return { impossible, past };
}

export function ApproveContestDialog({
  contest,
  loading,
  onApprove,
  onEdit,
  onClose,
}: {
  contest: TContest | null;
  loading: boolean;
  onApprove: (contest: TContest) => void;
  onEdit: (contest: TContest) => void;
  onClose: () => void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const warnings = contest ? approvalWarnings(contest) : { impossible: [], past: [] };
  const blocked = warnings.impossible.length > 0;
  return (
    <AppDialog
      open={Boolean(contest)}
      onClose={onClose}
      title="Approve Contest"
      role="alertdialog"
      initialFocusEl={() => cancelRef.current}
      footer={
        <Stack direction="row" gap="2" wrap="wrap">
          <Button ref={cancelRef} variant="outline" onClick={onClose}>
            Cancel
          </Button>
          {contest && (blocked || warnings.past.length) ? (
            <Button variant="outline" onClick={() => onEdit(contest)}>
              Edit Dates
            </Button>
          ) : null}
          <Button
            colorPalette="purple"
            loading={loading}
            disabled={blocked}
            onClick={() => contest && onApprove(contest)}
          >
            Approve
          </Button>
        </Stack>
      }
    >
      {contest ? (
        <Stack gap="4">
          <Text>Approve “{contest.title}”? It becomes active and members can see and join it.</Text>
          <DataList.Root orientation="horizontal" size="sm">
            {(
              [
                ['Registration Deadline', contest.registrationDeadline],
                ['Start Date', contest.startDate],
                ['End Date', contest.endDate],
              ] as const
            ).map(([label, date]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue fontWeight="medium">
                  {date ? formatDateTime(date) : '—'}
                </DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
          {blocked ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>These dates are impossible</Alert.Title>
                <Alert.Description>
                  {warnings.impossible.join('. ')}. Fix the dates before approving.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          {warnings.past.length ? (
            <Alert.Root status="warning" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Dates in the past</Alert.Title>
                <Alert.Description>{warnings.past.join(' ')}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
        </Stack>
      ) : null}
    </AppDialog>
  );
}
