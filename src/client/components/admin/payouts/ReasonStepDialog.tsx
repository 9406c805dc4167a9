// 'Mark failed' (a reason required: the winner reads it) and 'Forfeit' (a reason if there is
// one) on a payout line, checked by the shared schema.
import { Stack, Text } from '@chakra-ui/react';
import { PAYOUT_LIMITS } from '../../../../shared/payouts';
import { ZUpdatePayoutInput, type TPayout } from '../../../../shared/schemas/payouts';
import { DialogFormActions } from '../../common/FormButtons';
import { RowFormDialog } from '../../common/RowFormDialog';
import { ReasonField } from '../../common/ReasonField';
import { payoutSummary } from './payoutLabels';
import { usePayoutStep } from './usePayoutStep';

export type ReasonStep = 'failed' | 'forfeited';

const WORDS: Record<ReasonStep, { title: string; submit: string; says: string; hint: string }> = {
  failed: {
    title: 'Mark payout failed',
    submit: 'Mark failed',
    says: 'The payment did not arrive or could not be made. It may be approved again later.',
    hint: 'The winner reads this reason beside their prize.',
  },
  forfeited: {
    title: 'Forfeit payout',
    submit: 'Forfeit',
    says: 'The prize is given up and will not be paid. This is final.',
    hint: 'Optional; the winner reads it beside their prize.',
  },
};

interface ReasonValues {
  id: number;
  status: ReasonStep;
  reason: string;
}

export function ReasonStepDialog({
  line,
  step,
  onClose,
}: {
  line: TPayout | null;
  step: ReasonStep;
  onClose: () => void;
}) {
  const mutation = usePayoutStep({ onDone: onClose });
  const words = WORDS[step];
  return (
    <RowFormDialog
      row={line}
      title={words.title}
      onClose={onClose}
      form={(line) => ({
        initialValues: { id: line.id, status: step, reason: '' } satisfies ReasonValues,
        schema: ZUpdatePayoutInput,
        submit: ({ reason, ...values }: ReasonValues) =>
          mutation.mutateAsync({ ...values, reason: reason.trim() || undefined }),
      })}
    >
      {(line) => (
        <Stack gap="4">
          <Text>
            {payoutSummary(line)}. {words.says}
          </Text>
          <ReasonField
            required={step === 'failed'}
            maxLength={PAYOUT_LIMITS.reasonMax}
            helperText={words.hint}
          />
          <DialogFormActions onCancel={onClose} submitLabel={words.submit} colorPalette="red" />
        </Stack>
      )}
    </RowFormDialog>
  );
}
