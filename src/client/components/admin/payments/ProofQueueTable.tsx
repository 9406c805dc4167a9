// The reviewers' queue of payment proofs (PRODUCT.md 'Money') on the shared ResponsiveTable:
// member, purpose, amounts, network, hash, sender, notes, file and date, with Verify and Reject
// on pending rows.
import { Button, Link as ChakraLink, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { ExternalLink } from 'lucide-react';
import { formatDate } from '../../../../shared/format';
import type { ProofStatus } from '../../../../shared/payments';
import type { TReviewProof } from '../../../../shared/schemas/payments';
import { ResponsiveTable, type ResponsiveColumn } from '../../common/ResponsiveTable';
import { TruncatedText } from '../../common/TruncatedText';
import { ProofAmount, ProofPurpose } from '../../payments/ProofsTable';
import { proofPurposeLabel } from '../../payments/proofLabels';
import { TxHashLink } from '../../payments/TxHashLink';
import { muted, WrappingText } from '../cellText';
import { memberLabel } from './reviewLabels';
import { moderationAnswers } from '../moderationLooks';

export type ReviewAction = 'verify' | 'reject';

interface Props {
  status: ProofStatus;
  proofs: readonly TReviewProof[];
  loading: boolean;
  emptyText: string;
  /** The reviewer: their own proofs cannot be reviewed by them. */
  reviewerId: number;
  onAction: (action: ReviewAction, proof: TReviewProof) => void;
}

function Member({ proof }: { proof: TReviewProof }) {
  return (
    <Stack gap="0">
      <Text as="span" fontWeight="medium" color={proof.username ? undefined : 'fg.muted'}>
        {memberLabel(proof)}
      </Text>
      {proof.username !== proof.submittedAs ? (
        <Text as="span" fontSize="sm" color="fg.muted">
          sent as {proof.submittedAs}
        </Text>
      ) : null}
    </Stack>
  );
}

function FileLink({ proof }: { proof: TReviewProof }) {
  if (!proof.proofFile) return muted('None');
  return (
    <ChakraLink
      href={proof.proofFile}
      target="_blank"
      rel="noopener noreferrer"
      variant="underline"
      color="fg"
    >
      Open file
      <VisuallyHidden>
        {' '}
        of {memberLabel(proof)}’s proof #{proof.id} (opens in a new tab)
      </VisuallyHidden>
      <ExternalLink size={14} aria-hidden />
    </ChakraLink>
  );
}

/** A proof's two answers: its button names the payment for screen readers. */
const REVIEW = moderationAnswers('verify', 'Verify');

function Actions({
  proof,
  reviewerId,
  onAction,
}: {
  proof: TReviewProof;
  reviewerId: number;
  onAction: Props['onAction'];
}) {
  if (proof.userId === reviewerId) return muted('Your own proof');
  const what = ` payment of ${memberLabel(proof)} (${proofPurposeLabel(proof)}, proof #${proof.id})`;
  return (
    <Stack gap="1.5" align={{ base: 'flex-end', md: 'stretch' }}>
      {REVIEW.map(({ action, label, colorPalette, Icon }) => (
        <Button
          key={action}
          size="xs"
          colorPalette={colorPalette}
          variant="outline"
          onClick={() => onAction(action, proof)}
        >
          <Icon aria-hidden />
          {label}
          <VisuallyHidden>{what}</VisuallyHidden>
        </Button>
      ))}
    </Stack>
  );
}

export function ProofQueueTable({
  status,
  proofs,
  loading,
  emptyText,
  reviewerId,
  onAction,
}: Props) {
  const columns: ResponsiveColumn<TReviewProof>[] = [
    { key: 'member', header: 'Member', hideOnMobile: true, cell: (p) => <Member proof={p} /> },
    { key: 'purpose', header: 'Purpose', cell: (p) => <ProofPurpose proof={p} /> },
    { key: 'amount', header: 'Amount', cell: (p) => <ProofAmount proof={p} /> },
    { key: 'network', header: 'Network', cell: (p) => p.network },
    {
      key: 'hash',
      header: 'Transaction Hash',
      cell: (p) => <TxHashLink proof={p} head={8} tail={6} />,
    },
    {
      key: 'sender',
      header: 'Sender',
      cell: (p) => <TruncatedText value={p.senderAddress} head={8} tail={6} />,
    },
    {
      key: 'notes',
      header: 'Notes',
      cell: (p) =>
        p.notes ? (
          <WrappingText whiteSpace="pre-wrap" maxW="xs">
            {p.notes}
          </WrappingText>
        ) : (
          muted('—')
        ),
    },
    { key: 'file', header: 'File', cell: (p) => <FileLink proof={p} /> },
    { key: 'submitted', header: 'Submitted', cell: (p) => formatDate(p.createdAt) },
  ];
  if (status !== 'pending') {
    columns.push({
      key: 'reviewed',
      header: 'Reviewed',
      cell: (p) => `${formatDate(p.reviewedAt)}${p.reviewerName ? ` by ${p.reviewerName}` : ''}`,
    });
  }
  if (status === 'rejected') {
    columns.push({ key: 'reason', header: 'Reason', cell: (p) => p.reason ?? muted('—') });
  }
  return (
    <ResponsiveTable
      caption={`Payment proofs: ${status}`}
      columns={columns}
      rows={proofs}
      rowKey={(p) => p.id}
      cardTitle={(p) => <Member proof={p} />}
      rowActions={
        status === 'pending'
          ? (p) => <Actions proof={p} reviewerId={reviewerId} onAction={onAction} />
          : undefined
      }
      loading={loading}
      loadingText="Loading payment proofs..."
      emptyText={emptyText}
    />
  );
}
