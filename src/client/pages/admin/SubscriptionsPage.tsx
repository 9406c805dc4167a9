// /admin/subscriptions, 'Subscriptions & Payments' (PRODUCT.md 'Money'): members per tier, and the
// queue of payment proofs that moderators and admins verify or reject.
import { Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { TIERS, TIER_LABELS } from '../../../shared/constants';
import { PROOF_STATUSES, type ProofStatus } from '../../../shared/payments';
import type { TUser } from '../../../shared/schemas/auth';
import type { TReviewProof } from '../../../shared/schemas/payments';
import {
  ProofQueueTable,
  type ReviewAction,
} from '../../components/admin/payments/ProofQueueTable';
import { RejectProofDialog } from '../../components/admin/payments/RejectProofDialog';
import { memberLabel } from '../../components/admin/payments/reviewLabels';
import { useProofReview } from '../../components/admin/payments/useProofReview';
import { ConfirmDialog } from '../../components/common/ConfirmDialog';
import { ListFrame } from '../../components/common/ListFrame';
import { ListTabs } from '../../components/common/ListTabs';
import { StatCard, StatGroup } from '../../components/common/StatCard';
import { PageHeader } from '../../components/layout/PageHeader';
import { proofPurposeLabel, usdText } from '../../components/payments/proofLabels';
import { trpc } from '../../lib/trpc';
import { useTabParam } from '../../lib/useTabParam';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';

const PAGE_SIZE = 25;

const TAB_LABELS: Record<ProofStatus, string> = {
  pending: 'Pending',
  verified: 'Verified',
  rejected: 'Rejected',
};

const EMPTY: Record<ProofStatus, string> = {
  pending: 'There are no payment proofs awaiting review.',
  verified: 'No payment proof has been verified yet.',
  rejected: 'No payment proof has been rejected.',
};

function TierBreakdown() {
  const breakdown = trpc.payments.tierBreakdown.useQuery(undefined, {
    staleTime: 0,
    refetchOnMount: 'always',
  });
  useLoadErrorToast(breakdown.error, 'Error', 'Failed to load the tier breakdown');
  return (
    <StatGroup title="Members by tier">
      {TIERS.map((tier) => (
        <StatCard key={tier} label={TIER_LABELS[tier]} value={breakdown.data?.[tier] ?? '—'} />
      ))}
    </StatGroup>
  );
}

function QueuePanel({
  status,
  reviewerId,
  onAction,
}: {
  status: ProofStatus;
  reviewerId: number;
  onAction: (action: ReviewAction, proof: TReviewProof) => void;
}) {
  const [page, setPage] = useState(1);
  const queue = trpc.payments.queue.useQuery(
    { status, page, pageSize: PAGE_SIZE },
    { staleTime: 0, refetchOnMount: 'always', placeholderData: (previous) => previous },
  );
  useLoadErrorToast(queue.error, 'Error', 'Failed to load payment proofs');
  return (
    <ListFrame
      gap="2"
      paging={{ page, pageSize: PAGE_SIZE, total: queue.data?.total ?? 0, onPage: setPage }}
    >
      <ProofQueueTable
        status={status}
        proofs={queue.data?.items ?? []}
        loading={queue.isLoading}
        emptyText={EMPTY[status]}
        reviewerId={reviewerId}
        onAction={onAction}
      />
    </ListFrame>
  );
}

export function SubscriptionsPage({ user }: { user: TUser }) {
  const [tab, setTab] = useTabParam(PROOF_STATUSES, 'pending');
  const [target, setTarget] = useState<{ action: ReviewAction; proof: TReviewProof } | null>(null);
  const close = () => setTarget(null);
  const verify = useProofReview({ onDone: close });
  const verifying = target?.action === 'verify' ? target.proof : null;
  return (
    <>
      <PageHeader
        title="Subscriptions & Payments"
        subtitle="Members per tier, and the payment proofs to verify or reject"
      />
      <Stack gap="8">
        <TierBreakdown />
        <Stack as="section" gap="3">
          <Heading as="h2" size="md">
            Payment proofs
          </Heading>
          <ListTabs
            tabs={PROOF_STATUSES}
            labels={TAB_LABELS}
            value={tab}
            onChange={setTab}
            unmountOnExit
          >
            {(s) => (
              <QueuePanel
                status={s}
                reviewerId={user.id}
                onAction={(action, proof) => setTarget({ action, proof })}
              />
            )}
          </ListTabs>
        </Stack>
      </Stack>
      <ConfirmDialog
        open={Boolean(verifying)}
        onClose={close}
        title="Verify Payment"
        confirmLabel="Verify"
        colorPalette="purple"
        loading={verify.isPending}
        onConfirm={() => verifying && verify.mutate({ id: verifying.id, status: 'verified' })}
      >
        {verifying ? (
          <Stack gap="2">
            <Text>
              Verify <strong>{memberLabel(verifying)}</strong>’s payment of{' '}
              {usdText(verifying.amountUsd)} ({verifying.amountCoin} {verifying.network}) for{' '}
              {proofPurposeLabel(verifying)}?
            </Text>
            <Text>
              {verifying.purpose === 'entry_fee'
                ? 'The member is admitted to the contest at once.'
                : 'The member’s tier is raised at once.'}{' '}
              First check that the transaction reached {verifying.walletAddress} on{' '}
              {verifying.network}.
            </Text>
          </Stack>
        ) : null}
      </ConfirmDialog>
      <RejectProofDialog
        proof={target?.action === 'reject' ? target.proof : null}
        onClose={close}
      />
    </>
  );
}
