// 'Approve' on a ready (or failed) payout line, asked first: another admin then marks it sent,
// unless the platform lets one admin do both.
import { Text } from '@chakra-ui/react';
import type { TPayout } from '../../../../shared/schemas/payouts';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { payoutSummary } from './payoutLabels';
import { usePayoutStep } from './usePayoutStep';

export function ApprovePayoutDialog({
  line,
  onClose,
}: {
  line: TPayout | null;
  onClose: () => void;
}) {
  const step = usePayoutStep({ onDone: onClose });
  return (
    <ConfirmDialog
      open={line !== null}
      onClose={onClose}
      title="Approve payout"
      confirmLabel="Approve"
      colorPalette="purple"
      loading={step.isPending}
      onConfirm={() => {
        if (line) step.mutate({ id: line.id, status: 'approved' });
      }}
    >
      <Text>
        {line ? payoutSummary(line) : ''}, to {line?.method ?? 'no payout method'}. Once approved,
        another admin sends it and marks it sent with its reference.
      </Text>
    </ConfirmDialog>
  );
}
