// Reject a payment proof with the reason its member will read (required; the shared schema).
import { Stack, Text } from '@chakra-ui/react';
import { PAYMENT_LIMITS } from '../../../../shared/payments';
import {
  ZReviewProofRequestSchema,
  type TReviewProof,
  type TReviewProofRequest,
} from '../../../../shared/schemas/payments';
import { DialogFormActions } from '../../common/FormButtons';
import { RowFormDialog } from '../../common/RowFormDialog';
import { ReasonField } from '../../common/ReasonField';
import { proofPurposeLabel, usdText } from '../../payments/proofLabels';
import { memberLabel } from './reviewLabels';
import { useProofReview } from './useProofReview';

export function RejectProofDialog({
  proof,
  onClose,
}: {
  proof: TReviewProof | null;
  onClose: () => void;
}) {
  const review = useProofReview({ onDone: onClose });
  return (
    <RowFormDialog
      row={proof}
      title="Reject Payment"
      onClose={onClose}
      form={(proof) => ({
        initialValues: { id: proof.id, status: 'rejected' as const, reason: '' },
        schema: ZReviewProofRequestSchema,
        submit: (values: TReviewProofRequest) => review.mutateAsync(values),
      })}
    >
      {(proof) => (
        <Stack gap="4">
          <Text>
            Reject <strong>{memberLabel(proof)}</strong>’s payment of {usdText(proof.amountUsd)} (
            {proofPurposeLabel(proof)})? Nothing changes for the member besides the proof’s state.
          </Text>
          <ReasonField
            maxLength={PAYMENT_LIMITS.reasonMax}
            helperText="The member reads this reason beside the proof."
          />
          <DialogFormActions onCancel={onClose} submitLabel="Reject Payment" colorPalette="red" />
        </Stack>
      )}
    </RowFormDialog>
  );
}
