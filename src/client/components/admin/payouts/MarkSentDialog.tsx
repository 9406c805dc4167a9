// 'Mark sent' on an approved payout line: a crypto line names its network (the coin's usual one
// to start with) and its transaction hash, checked in that network's shape by the shared schema,
// so the network's message shows under the field before anything is sent; a bank or PayPal line
// takes the payment's reference. The server's refusals of the hash land under the field too; the
// others (another admin must send it) are the toast's.
import { Stack, Text } from '@chakra-ui/react';
import {
  PAYMENT_NETWORKS,
  txHashFormatMessage,
  txHashHint,
  type PaymentNetwork,
} from '../../../../shared/payments';
import { PAYOUT_LIMITS, PAYOUT_MESSAGES } from '../../../../shared/payouts';
import { formatPrize } from '../../../../shared/prizes';
import { ZUpdatePayoutInput, type TPayout } from '../../../../shared/schemas/payouts';
import type { ServerFieldRules } from '../../../lib/errors';
import { DialogFormActions } from '../../common/FormButtons';
import { FormField } from '../../common/FormField';
import { RowFormDialog } from '../../common/RowFormDialog';
import { SelectField } from '../../common/SelectField';
import { initialNetwork, NETWORK_OPTIONS, payoutMember } from './payoutLabels';
import { usePayoutStep } from './usePayoutStep';

interface SentValues {
  id: number;
  status: 'sent';
  reference: string;
  network?: PaymentNetwork;
}

const SERVER_FIELDS: ServerFieldRules = {
  fields: ['reference', 'network'],
  byReason: { tx_hash_used: 'reference' },
  byMessage: {
    [PAYOUT_MESSAGES.tx_hash_used]: 'reference',
    [PAYOUT_MESSAGES.referenceRequired]: 'reference',
    [PAYOUT_MESSAGES.referenceLength]: 'reference',
    [PAYOUT_MESSAGES.networkRequired]: 'network',
    ...Object.fromEntries(PAYMENT_NETWORKS.map((n) => [txHashFormatMessage(n), 'reference'])),
  },
};

const REFERENCE_HINT = 'The reference the bank or PayPal gave the payment.';

export function MarkSentDialog({ line, onClose }: { line: TPayout | null; onClose: () => void }) {
  const step = usePayoutStep({ onDone: onClose });
  return (
    <RowFormDialog
      row={line}
      title="Mark payout sent"
      onClose={onClose}
      form={(line) => {
        const network = initialNetwork(line);
        const initialValues: SentValues = network
          ? { id: line.id, status: 'sent', reference: '', network }
          : { id: line.id, status: 'sent', reference: '' };
        return {
          initialValues,
          schema: ZUpdatePayoutInput,
          serverFields: SERVER_FIELDS,
          submit: (values: SentValues) => step.mutateAsync(values),
        };
      }}
    >
      {(line, { values }) => (
        <Stack gap="4">
          <Text>
            {formatPrize(line.amount, line.currency)} to <strong>{payoutMember(line)}</strong> (
            {line.placeText} in {line.contestTitle}), by {line.method ?? 'no payout method'}.
          </Text>
          {values.network ? (
            <SelectField name="network" label="Network" options={NETWORK_OPTIONS} />
          ) : null}
          <FormField
            name="reference"
            label="Transaction hash or reference"
            helperText={values.network ? txHashHint(values.network) : REFERENCE_HINT}
            required
            autoComplete="off"
            spellCheck={false}
            fontFamily="mono"
            maxLength={PAYOUT_LIMITS.referenceMax}
          />
          <DialogFormActions onCancel={onClose} submitLabel="Mark sent" />
        </Stack>
      )}
    </RowFormDialog>
  );
}
