// /admin/disputes, 'Disputed Matches' (issue 19): results the two sides of a match disagree on,
// across contests, for moderators and admins. Each names its contest (a link to the bracket) and
// can be decided here: the result a moderator reports stands.
import { Button, HStack, Link as ChakraLink, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { TDisputedMatch } from '../../../shared/schemas/tournaments';
import { ResponsiveTable, type ResponsiveColumn } from '../../components/common/ResponsiveTable';
import { PageHeader } from '../../components/layout/PageHeader';
import { ReportMatchDialog } from '../../components/tournaments/ReportMatchDialog';
import { matchSummary, roundLabel, slotName } from '../../components/tournaments/tournamentDisplay';
import { trpc } from '../../lib/trpc';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';

function disputedBy(match: TDisputedMatch): string {
  const side = match.participants.find((p) => p?.id !== undefined && p?.id === match.report.by);
  return side ? slotName(side) : 'A participant';
}

const columns: ResponsiveColumn<TDisputedMatch>[] = [
  {
    key: 'contest',
    header: 'Contest',
    cell: (m) => (
      <ChakraLink asChild color="purple.fg" variant="underline">
        <Link href={`/contests/${m.contestSlug}`}>{m.contestTitle}</Link>
      </ChakraLink>
    ),
  },
  { key: 'round', header: 'Round', cell: (m) => `${roundLabel(m)}, match ${m.number}` },
  { key: 'match', header: 'Reported result', cell: (m) => matchSummary(m), hideOnMobile: true },
  {
    key: 'reason',
    header: 'Dispute',
    cell: (m) => (
      <Text as="span">
        {disputedBy(m)}
        {m.report.reason ? `: “${m.report.reason}”` : ' gave no reason'}
      </Text>
    ),
  },
];

export function DisputesPage() {
  const disputes = trpc.tournaments.disputes.useQuery(undefined, {
    staleTime: 0,
    refetchOnMount: 'always',
  });
  useLoadErrorToast(disputes.error, 'Error', 'Failed to load the disputed matches');
  const [deciding, setDeciding] = useState<TDisputedMatch | null>(null);
  return (
    <>
      <PageHeader
        title="Disputed Matches"
        subtitle="Match results that a participant disputed: decide each one, or open its contest"
      />
      <ResponsiveTable
        caption="Disputed matches"
        columns={columns}
        rows={disputes.data ?? []}
        rowKey={(m) => m.id}
        cardTitle={(m) => matchSummary(m)}
        loading={disputes.isLoading}
        loadingText="Loading disputed matches..."
        emptyText="There are no disputed matches."
        rowActions={(m) => (
          <HStack justify="flex-end">
            <Button
              size="xs"
              colorPalette="purple"
              aria-label={`Decide result of ${m.contestTitle}, ${roundLabel(m)}, match ${m.number}`}
              onClick={() => setDeciding(m)}
            >
              Decide result
            </Button>
          </HStack>
        )}
      />
      <ReportMatchDialog match={deciding} onClose={() => setDeciding(null)} />
    </>
  );
}
