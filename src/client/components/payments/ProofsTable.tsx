// A member's own payment proofs and what became of each (PRODUCT.md 'Money'): on the payment
// page (one contest's, or the upgrades) and in Account Settings (all of them).
import { Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { formatDate } from '../../../shared/format';
import type { TPaymentProof } from '../../../shared/schemas/payments';
import { ResponsiveTable, type ResponsiveColumn } from '../common/ResponsiveTable';
import { proofContestHref, proofPurposeLabel, usdText } from './proofLabels';
import { ProofStatusBadge } from './ProofStatusBadge';
import { TxHashLink } from './TxHashLink';

export function ProofPurpose({ proof }: { proof: TPaymentProof }) {
  const href = proofContestHref(proof);
  const label = proofPurposeLabel(proof);
  if (!href) return <>{label}</>;
  return (
    <ChakraLink asChild variant="underline" color="fg">
      <Link href={href}>{label}</Link>
    </ChakraLink>
  );
}

export function ProofAmount({ proof }: { proof: TPaymentProof }) {
  return (
    <Stack gap="0">
      <Text as="span">{usdText(proof.amountUsd)}</Text>
      <Text as="span" fontSize="sm" color="fg.muted">
        {proof.amountCoin} {proof.network}
      </Text>
    </Stack>
  );
}

interface Props {
  caption: string;
  proofs: readonly TPaymentProof[];
  loading?: boolean;
  emptyText: string;
  /** Whether to say what each proof paid for (not needed where the page says it). */
  showPurpose?: boolean;
}

export function ProofsTable({ caption, proofs, loading, emptyText, showPurpose = true }: Props) {
  const columns: ResponsiveColumn<TPaymentProof>[] = [
    { key: 'submitted', header: 'Submitted', cell: (p) => formatDate(p.createdAt) },
    ...(showPurpose
      ? [
          {
            key: 'purpose',
            header: 'Purpose',
            hideOnMobile: true,
            cell: (p: TPaymentProof) => <ProofPurpose proof={p} />,
          },
        ]
      : []),
    { key: 'amount', header: 'Amount', cell: (p) => <ProofAmount proof={p} /> },
    { key: 'network', header: 'Network', cell: (p) => p.network },
    {
      key: 'hash',
      header: 'Transaction Hash',
      cell: (p) => <TxHashLink proof={p} />,
    },
    { key: 'status', header: 'Status', cell: (p) => <ProofStatusBadge status={p.status} /> },
    {
      key: 'reason',
      header: 'Reason',
      cell: (p) =>
        p.reason ?? (
          <Text as="span" color="fg.muted">
            —
          </Text>
        ),
    },
  ];
  return (
    <ResponsiveTable
      caption={caption}
      columns={columns}
      rows={proofs}
      rowKey={(p) => p.id}
      cardTitle={showPurpose ? (p) => <ProofPurpose proof={p} /> : undefined}
      loading={loading}
      loadingText="Loading payment proofs..."
      emptyText={emptyText}
    />
  );
}
