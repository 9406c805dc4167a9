// What the caller may do with one match, as the server says (canReport, canConfirm): report or
// edit its result, confirm or dispute the opponent's report. Each button names its match.
import { Button, HStack } from '@chakra-ui/react';
import type { TMatch } from '../../../shared/schemas/tournaments';
import { scoreLine } from './tournamentDisplay';

export type MatchAction = 'report' | 'dispute' | 'schedule';

export function MatchActions({
  match,
  onAction,
  onConfirm,
  confirming,
  canSchedule,
}: {
  match: TMatch;
  /** The organiser sets when an unfinished match is played. */
  canSchedule: boolean;
  onAction: (action: MatchAction, match: TMatch) => void;
  onConfirm: (match: TMatch) => void;
  confirming: boolean;
}) {
  const which = `match ${match.number}, ${scoreLine(match)}`;
  const edit = match.status === 'completed';
  const schedulable = canSchedule && match.status !== 'completed';
  if (!match.canReport && !match.canConfirm && !schedulable) return null;
  return (
    <HStack gap="2" justify="flex-end" wrap="wrap">
      {match.canConfirm ? (
        <>
          <Button
            size="xs"
            colorPalette="purple"
            loading={confirming}
            aria-label={`Confirm result of ${which}`}
            onClick={() => onConfirm(match)}
          >
            Confirm
          </Button>
          <Button
            size="xs"
            variant="outline"
            aria-label={`Dispute result of ${which}`}
            onClick={() => onAction('dispute', match)}
          >
            Dispute
          </Button>
        </>
      ) : null}
      {schedulable ? (
        <Button
          size="xs"
          variant="outline"
          aria-label={`Schedule ${which}`}
          onClick={() => onAction('schedule', match)}
        >
          Schedule
        </Button>
      ) : null}
      {match.canReport ? (
        <Button
          size="xs"
          variant={edit ? 'outline' : 'solid'}
          colorPalette="purple"
          aria-label={`${edit ? 'Edit' : 'Report'} result of ${which}`}
          onClick={() => onAction('report', match)}
        >
          {edit ? 'Edit result' : 'Report result'}
        </Button>
      ) : null}
    </HStack>
  );
}
