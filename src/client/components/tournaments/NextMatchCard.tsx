// 'My next match': the caller's next unfinished match (everywhere on the dashboard, in one
// contest on its page): the opponent, the round, when, its status, and the way to report it.
import { Button, Card, DataList, HStack, Heading, Stack } from '@chakra-ui/react';
import { Swords } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { formatDateTime } from '../../../shared/format';
import type { TNextMatch } from '../../../shared/schemas/tournaments';
import { MatchStatusBadge } from './MatchStatusBadge';
import { ReportMatchDialog } from './ReportMatchDialog';
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
  const [reporting, setReporting] = useState(false);
  const headingId = `next-match-${showContest ? 'dashboard' : 'contest'}`;
  return (
    <Card.Root
      as="section"
      aria-labelledby={headingId}
      colorPalette="purple"
      borderColor="colorPalette.muted"
    >
      <Card.Body gap="3">
        <HStack justify="space-between" gap="2" wrap="wrap">
          <HStack gap="2">
            <Swords size={18} aria-hidden />
            <Heading as="h2" size="md" id={headingId}>
              My next match
            </Heading>
          </HStack>
          <MatchStatusBadge status={next.status} />
        </HStack>
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
        <Stack direction="row" gap="2" wrap="wrap">
          {next.canReport ? (
            <Button size="sm" colorPalette="purple" onClick={() => setReporting(true)}>
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
      <ReportMatchDialog match={reporting ? next : null} onClose={() => setReporting(false)} />
    </Card.Root>
  );
}
