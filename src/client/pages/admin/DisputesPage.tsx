// /admin/disputes, 'Disputed Matches' (issues 19, 29): results the two sides of a match disagree
// on, across contests, for moderators and admins. Each names its contest (a link to the bracket)
// and shows both sides (who reported what and when, who disputed with what and why); Decide
// accepts either side's result or enters a third.
import { Button, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link } from 'wouter';
import { formatDateTime } from '../../../shared/format';
import type {
  TDisputedMatch,
  TDisputedSide,
  TReportedSide,
} from '../../../shared/schemas/tournaments';
import { ResponsiveTable, type ResponsiveColumn } from '../../components/common/ResponsiveTable';
import { PageHeader } from '../../components/layout/PageHeader';
import { DecideDisputeDialog } from '../../components/tournaments/DecideDisputeDialog';
import { reportText } from '../../components/tournaments/ReportSides';
import { roundLabel, scoreLine } from '../../components/tournaments/tournamentDisplay';
import { trpc } from '../../lib/trpc';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';

/**
 * One side of the disagreement: who said what, and when. `reason` is the disputing side's (null:
 * none given); the reporting side has none to show (undefined).
 */
function SideCell({
  match,
  side,
  missing,
  reason,
}: {
  match: TDisputedMatch;
  side: TReportedSide | TDisputedSide | null;
  missing: string;
  reason?: string | null;
}) {
  if (!side) return <Text as="span">{missing}</Text>;
  return (
    <Stack gap="0" as="span">
      <Text as="span" fontWeight="semibold">
        {side.by.name}: {reportText(match, side)}
      </Text>
      {reason !== undefined ? (
        <Text as="span">{reason ? `“${reason}”` : 'No reason given'}</Text>
      ) : null}
      <Text as="span" fontSize="xs" color="fg.muted">
        {formatDateTime(side.at)}
      </Text>
    </Stack>
  );
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
  {
    key: 'round',
    header: 'Round',
    cell: (m) => `${roundLabel(m)}, match ${m.number}, best of ${m.bestOf}`,
  },
  {
    key: 'reported',
    header: 'Reported result',
    cell: (m) => <SideCell match={m} side={m.report.reported} missing="No report kept" />,
  },
  {
    key: 'disputed',
    header: 'Disputed result',
    cell: (m) => (
      <SideCell
        match={m}
        side={m.report.disputed}
        missing="No dispute kept"
        reason={m.report.disputed?.reason ?? null}
      />
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
        cardTitle={(m) => scoreLine(m)}
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
      <DecideDisputeDialog match={deciding} onClose={() => setDeciding(null)} />
    </>
  );
}
