// A contest's matches with what the caller may do with each: the organiser sees every match and
// reports or edits any; a participant sees their own first, reports where self-reporting is on,
// and confirms or disputes what the opponent reported. Filters by status and 'my matches'.
import { Checkbox, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/format';
import { MATCH_STATUSES, MATCH_STATUS_LABELS, type MatchStatus } from '../../../shared/tournaments';
import type { TMatch } from '../../../shared/schemas/tournaments';
import { trpc } from '../../lib/trpc';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { ResponsiveTable, type ResponsiveColumn } from '../common/ResponsiveTable';
import { DisputeMatchDialog } from './DisputeMatchDialog';
import { DiscussLink } from '../discussion/DiscussLink';
import { MatchActions, type MatchAction } from './MatchActions';
import { MatchStatusBadge } from './MatchStatusBadge';
import { ReportMatchDialog } from './ReportMatchDialog';
import { reportSidesText } from './ReportSides';
import { ScheduleMatchDialog } from './ScheduleMatchDialog';
import { matchSummary, roundLabel, scoreLine } from './tournamentDisplay';
import { useMatchActions } from './useMatchActions';
import { labelledOptions, SelectFilter } from '../common/SelectFilter';

const REPORT_NOTES = {
  none: '',
  pending: 'Waiting for confirmation',
  confirmed: 'Confirmed',
  disputed: 'Disputed',
} as const;

/** A played match with its winner; one to play by its sides (the status column says the rest). */
const matchText = (m: TMatch) => (m.status === 'completed' ? matchSummary(m) : scoreLine(m));

const columns: ResponsiveColumn<TMatch>[] = [
  { key: 'round', header: 'Round', cell: (m) => roundLabel(m) },
  { key: 'match', header: 'Match', cell: matchText, hideOnMobile: true },
  {
    key: 'status',
    header: 'Status',
    cell: (m) => (
      <HStack gap="2" wrap="wrap">
        <MatchStatusBadge status={m.status} />
        {m.report.state !== 'none' ? (
          <Text
            as="span"
            fontSize="xs"
            color={m.report.state === 'disputed' ? 'red.fg' : 'fg.muted'}
          >
            {REPORT_NOTES[m.report.state]}
          </Text>
        ) : null}
        {m.report.state === 'pending' || m.report.state === 'disputed' ? (
          <Text as="span" fontSize="xs">
            {reportSidesText(m)}
          </Text>
        ) : null}
      </HStack>
    ),
  },
  {
    key: 'scheduled',
    header: 'Scheduled',
    cell: (m) => (m.scheduledAt ? formatDateTime(m.scheduledAt) : 'Not scheduled'),
  },
];

const STATUS_FILTERS = labelledOptions(MATCH_STATUSES, MATCH_STATUS_LABELS, 'All statuses');

function Filters({
  status,
  onStatus,
  mine,
  onMine,
}: {
  status: MatchStatus | '';
  onStatus: (s: MatchStatus | '') => void;
  mine: boolean;
  onMine: (mine: boolean) => void;
}) {
  return (
    <HStack gap="4" align="end" wrap="wrap">
      <SelectFilter
        w="auto"
        label="Status"
        selectWidth="44"
        value={status}
        options={STATUS_FILTERS}
        onChange={onStatus}
      />
      <Checkbox.Root
        checked={mine}
        onCheckedChange={(e) => onMine(e.checked === true)}
        colorPalette="purple"
        pb="1.5"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Only my matches</Checkbox.Label>
      </Checkbox.Root>
    </HStack>
  );
}

export function MatchesList({
  contestId,
  isOrganiser,
  enableComments = false,
}: {
  contestId: number;
  isOrganiser: boolean;
  /** The contest's discussion: a disputed match links to a new topic about it. */
  enableComments?: boolean;
}) {
  const [status, setStatus] = useState<MatchStatus | ''>('');
  const [mine, setMine] = useState(!isOrganiser);
  const matches = trpc.tournaments.matches.useQuery(
    { contestId, status: status || undefined, mine: mine || undefined },
    { placeholderData: (previous) => previous },
  );
  useLoadErrorToast(matches.error, 'Error', 'Failed to load the matches');
  const [target, setTarget] = useState<{ action: MatchAction; match: TMatch } | null>(null);
  const close = () => setTarget(null);
  const { confirm } = useMatchActions();
  const confirmingId = confirm.isPending ? confirm.variables?.matchId : undefined;
  return (
    <Stack gap="3">
      <Filters status={status} onStatus={setStatus} mine={mine} onMine={setMine} />
      <ResponsiveTable
        caption="Matches"
        columns={columns}
        rows={matches.data ?? []}
        rowKey={(m) => m.id}
        cardTitle={matchText}
        loading={matches.isLoading}
        loadingText="Loading matches..."
        emptyText={mine ? 'You have no matches here.' : 'No matches.'}
        rowActions={(m) => (
          <>
            {m.report.state === 'disputed' ? (
              <DiscussLink
                contestId={contestId}
                enableComments={enableComments}
                title={`Disputed result: match ${m.number}, ${scoreLine(m)}`.slice(0, 200)}
                body={`The result of match ${m.number} (${roundLabel(m)}, ${scoreLine(m)}) is disputed.\n\n`}
                label={`Discuss match ${m.number}`}
              />
            ) : null}
            <MatchActions
              match={m}
              onAction={(action, match) => setTarget({ action, match })}
              onConfirm={(match) => confirm.mutate({ matchId: match.id })}
              confirming={confirmingId === m.id}
              canSchedule={isOrganiser}
            />
          </>
        )}
      />
      <ReportMatchDialog
        match={target?.action === 'report' ? target.match : null}
        onClose={close}
      />
      <ScheduleMatchDialog
        match={target?.action === 'schedule' ? target.match : null}
        onClose={close}
      />
      <DisputeMatchDialog
        match={target?.action === 'dispute' ? target.match : null}
        onClose={close}
      />
    </Stack>
  );
}
