// 'My next match': the caller's next unfinished match (everywhere on the dashboard, in one
// contest on its page): where the player is in words (the shared nextMatchState: a result
// waiting for their confirmation never reads 'Ready'), the opponent, the round, when, and right
// there what the server lets the caller do (canConfirm, canReport), through the one set of
// dialogs and mutations (useMatchActions): Confirm or Dispute the opponent's report, Report the
// result. The buttons are named for this card ('Confirm result'), apart from the matches
// list's 'Confirm result of match N, ...' on the same page.
import { Button, Card, DataList, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { Swords } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { formatDateTime } from '../../../shared/format';
import { nextMatchState } from '../../../shared/nextMatchState';
import type { TNextMatch } from '../../../shared/schemas/tournaments';
import { DisputeMatchDialog } from './DisputeMatchDialog';
import { ReportMatchDialog } from './ReportMatchDialog';
import { useMatchActions } from './useMatchActions';
import { opponentOf, roundLabel } from './tournamentDisplay';
import { DataFact } from '../common/DataFact';

export function NextMatchCard({
  next,
  showContest,
}: {
  next: TNextMatch;
  /** The dashboard names the contest and links to it; the contest page does not need to. */
  showContest: boolean;
}) {
  const [action, setAction] = useState<'report' | 'dispute' | null>(null);
  const close = () => setAction(null);
  const { confirm } = useMatchActions();
  const headingId = `next-match-${showContest ? 'dashboard' : 'contest'}`;
  return (
    <Card.Root
      as="section"
      aria-labelledby={headingId}
      colorPalette="purple"
      borderColor="colorPalette.muted"
    >
      <Card.Body gap="3">
        {/* The state in words stands for the status badge: a match waiting for a confirmation
            is 'ready' to the bracket, not to the player. */}
        <HStack gap="2">
          <Swords size={18} aria-hidden />
          <Heading as="h2" size="md" id={headingId}>
            My next match
          </Heading>
        </HStack>
        <Text fontWeight="medium">{nextMatchState(next, next.side)}</Text>
        <DataList.Root orientation="horizontal" size="sm">
          {showContest ? (
            <DataFact label="Contest" fontWeight="medium">
              {next.contestTitle}
            </DataFact>
          ) : null}
          <DataFact label="Opponent" fontWeight="medium">
            {opponentOf(next, next.side)}
          </DataFact>
          <DataFact label="Round">{roundLabel(next)}</DataFact>
          <DataFact label="When">
            {next.scheduledAt ? formatDateTime(next.scheduledAt) : 'Not scheduled yet'}
          </DataFact>
        </DataList.Root>
        <Stack direction="row" gap="2" wrap="wrap" align="center">
          {next.canConfirm ? (
            <>
              <Button
                size="sm"
                colorPalette="purple"
                loading={confirm.isPending}
                onClick={() => confirm.mutate({ matchId: next.id })}
              >
                Confirm result
              </Button>
              <Button size="sm" variant="outline" onClick={() => setAction('dispute')}>
                Dispute result
              </Button>
            </>
          ) : null}
          {next.canReport && next.status !== 'completed' ? (
            <Button size="sm" colorPalette="purple" onClick={() => setAction('report')}>
              Report result
            </Button>
          ) : null}
          {showContest ? (
            <Button asChild size="sm" variant="outline">
              <Link href={`/contests/${next.contestSlug}`}>View {next.contestTitle}</Link>
            </Button>
          ) : null}
        </Stack>
      </Card.Body>
      <ReportMatchDialog match={action === 'report' ? next : null} onClose={close} />
      <DisputeMatchDialog match={action === 'dispute' ? next : null} onClose={close} />
    </Card.Root>
  );
}
