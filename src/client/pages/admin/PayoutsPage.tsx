// /admin/payouts, 'Payouts' (issue 30): every prize line of confirmed results, filtered by status,
// contest and member (kept in the URL), their totals per currency, the CSV of the same lines, and
// each line's next step (approve; another admin marks it sent with its hash or reference; failed;
// forfeited). A member's yearly totals open from their name.
import { Button, CloseButton, HStack, Stack, Tag, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { useState } from 'react';
import {
  PAYOUT_STATUS_LABELS,
  PAYOUT_STATUSES,
  type PayoutAdminStep,
} from '../../../shared/payouts';
import type { TPayout } from '../../../shared/schemas/payouts';
import { ListFrame } from '../../components/common/ListFrame';
import { labelledOptions, SelectFilter } from '../../components/common/SelectFilter';
import { ApprovePayoutDialog } from '../../components/admin/payouts/ApprovePayoutDialog';
import { MarkSentDialog } from '../../components/admin/payouts/MarkSentDialog';
import { totalsText } from '../../components/admin/payouts/payoutLabels';
import { PayoutsTable } from '../../components/admin/payouts/PayoutsTable';
import { ReasonStepDialog } from '../../components/admin/payouts/ReasonStepDialog';
import {
  filterQuery,
  usePayoutFilters,
  type PayoutFilters,
} from '../../components/admin/payouts/usePayoutFilters';
import {
  YearlyTotalsDialog,
  type YearlyMember,
} from '../../components/admin/payouts/YearlyTotalsDialog';
import { PageHeader } from '../../components/layout/PageHeader';
import { trpc } from '../../lib/trpc';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { usePage } from '../../lib/usePagedSearch';

const PAGE_SIZE = 25;
const STATUS_OPTIONS = labelledOptions(PAYOUT_STATUSES, PAYOUT_STATUS_LABELS, 'All');

/** A filter set by a row's button, shown as a tag that clears it. */
function FilterTag({ label, onClear }: { label: string; onClear: () => void }) {
  return (
    <Tag.Root size="lg" variant="subtle" colorPalette="purple">
      <Tag.Label>{label}</Tag.Label>
      <Tag.EndElement>
        <CloseButton size="2xs" aria-label={`Clear filter ${label}`} onClick={onClear} />
      </Tag.EndElement>
    </Tag.Root>
  );
}

export function PayoutsPage() {
  const [filters, changeFilters] = usePayoutFilters();
  const { page, setPage, pagingOf } = usePage(PAGE_SIZE);
  const filter = (change: PayoutFilters) => {
    changeFilters(change);
    setPage(1);
  };
  const list = trpc.payouts.list.useQuery(
    { ...filters, page, pageSize: PAGE_SIZE },
    { placeholderData: (previous) => previous },
  );
  useLoadErrorToast(list.error, 'Error', 'Failed to load the payouts');
  const lines = list.data?.items ?? [];
  // The names of a filtered contest and member, from a line of theirs while one is shown.
  const contestName =
    lines.find((l) => l.contestId === filters.contestId)?.contestTitle ??
    `contest #${filters.contestId}`;
  const memberName =
    lines.find((l) => l.userId === filters.userId)?.username ?? `member #${filters.userId}`;

  const [stepping, setStepping] = useState<{ step: PayoutAdminStep; line: TPayout } | null>(null);
  const lineFor = (step: PayoutAdminStep) => (stepping?.step === step ? stepping.line : null);
  const closeStep = () => setStepping(null);
  const [yearly, setYearly] = useState<YearlyMember | null>(null);

  const query = filterQuery(filters);
  const filtered = Boolean(query);
  return (
    <>
      <PageHeader
        title="Payouts"
        subtitle="Prizes of confirmed results: approve each one, and have another admin send it"
        actions={
          <Button asChild variant="outline" size="sm">
            <a href={`/api/payouts.csv${query ? `?${query}` : ''}`} download="payouts.csv">
              <Download aria-hidden />
              Download CSV
            </a>
          </Button>
        }
      />
      <ListFrame
        filters={
          <Stack gap="3">
            <HStack gap="3" align="end" flexWrap="wrap">
              <SelectFilter
                label="Status"
                smallLabel
                selectWidth="14rem"
                w="auto"
                value={filters.status ?? ''}
                options={STATUS_OPTIONS}
                onChange={(status) => filter({ status: status || undefined })}
              />
              {filters.contestId ? (
                <FilterTag
                  label={`Contest: ${contestName}`}
                  onClear={() => filter({ contestId: undefined })}
                />
              ) : null}
              {filters.userId ? (
                <FilterTag
                  label={`Member: ${memberName}`}
                  onClear={() => filter({ userId: undefined })}
                />
              ) : null}
            </HStack>
            <Text fontWeight="medium" aria-live="polite">
              Totals: {list.data ? totalsText(list.data.totals) : '...'}
            </Text>
          </Stack>
        }
        footer={`${list.data?.total ?? 0} payouts`}
        paging={pagingOf(list.data?.total)}
      >
        <PayoutsTable
          lines={lines}
          loading={list.isLoading}
          emptyText={filtered ? 'No payouts match these filters.' : 'No payouts yet.'}
          onStep={(step, line) => setStepping({ step, line })}
          onFilterContest={(line) => filter({ contestId: line.contestId ?? undefined })}
          onFilterMember={(line) => filter({ userId: line.userId ?? undefined })}
          onYearly={(line) =>
            line.userId !== null && setYearly({ userId: line.userId, name: line.username })
          }
        />
      </ListFrame>
      <ApprovePayoutDialog line={lineFor('approved')} onClose={closeStep} />
      <MarkSentDialog line={lineFor('sent')} onClose={closeStep} />
      <ReasonStepDialog step="failed" line={lineFor('failed')} onClose={closeStep} />
      <ReasonStepDialog step="forfeited" line={lineFor('forfeited')} onClose={closeStep} />
      <YearlyTotalsDialog
        member={yearly}
        onClose={() => setYearly(null)}
        onShowLines={(userId) => filter({ userId })}
      />
    </>
  );
}
