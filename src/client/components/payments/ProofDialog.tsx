// 'Submit Payment Proof' (SPEC 2.12, 5): hash, sender address, optional notes and screenshot,
// checked with the shared schema in the shape of the chosen network (told under each field before
// anything is typed); the server's refusals (a hash already used) land on their field.
import { Stack, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import {
  PAYMENT_LIMITS,
  PAYMENT_MESSAGES as M,
  senderAddressFormatMessage,
  senderAddressHint,
  txHashFormatMessage,
  txHashHint,
  type PaidTier,
  type PaymentNetwork,
} from '../../../shared/payments';
import {
  ZPaymentProofFormSchema,
  type TPaymentOptions,
  type TPaymentProofForm,
} from '../../../shared/schemas/payments';
import type { PlanPeriod } from '../../../shared/subscriptions';
import { keyedToasts } from '../../lib/toaster';
import { toastOutcome } from '../../lib/toastOutcome';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/useZodForm';
import { AppDialog } from '../common/AppDialog';
import { FileDropzone } from '../common/FileDropzone';
import { DialogFormActions } from '../common/FormButtons';
import { FormField } from '../common/FormField';
import { TextareaField } from '../common/TextareaField';
import { usdText } from './proofLabels';

const toasts = keyedToasts('paymentProof');

const FIELDS = ['txHash', 'senderAddress', 'notes', 'proofFile'] as const;

/** Server messages about one field of the form. */
/** The two on-chain facts of a payment, typed as the wallet shows them. */
const CHAIN_FIELDS = [
  {
    name: 'txHash',
    label: 'Transaction Hash',
    hint: txHashHint,
    maxLength: PAYMENT_LIMITS.txHashMax,
  },
  {
    name: 'senderAddress',
    label: 'Sender Wallet Address',
    hint: senderAddressHint,
    maxLength: PAYMENT_LIMITS.senderAddressMax,
  },
] as const;

function byMessage(network: PaymentNetwork): Record<string, (typeof FIELDS)[number]> {
  return {
    [M.tx_hash_used]: 'txHash',
    [M.txHash]: 'txHash',
    [M.txHashMax]: 'txHash',
    [txHashFormatMessage(network)]: 'txHash',
    [M.senderAddress]: 'senderAddress',
    [M.senderAddressMax]: 'senderAddress',
    [senderAddressFormatMessage(network)]: 'senderAddress',
    [M.notesMax]: 'notes',
    [M.proofFile]: 'proofFile',
  };
}

function initialValues(network: PaymentNetwork): TPaymentProofForm {
  return { network, txHash: '', senderAddress: '', notes: '', proofFile: null };
}

interface Props {
  open: boolean;
  onClose: () => void;
  /** A contest's fee, or a plan (its period sent along, issue 33). */
  target: { contestId: number } | { tier: PaidTier; periodDays: PlanPeriod };
  network: TPaymentOptions['networks'][number];
  amountUsd: string;
}

export function ProofDialog({ open, onClose, target, network, amountUsd }: Props) {
  const submit = trpc.payments.submitProof.useMutation(
    toastOutcome(toasts, {
      success: [M.submitted, M.submittedDescription],
      failure: 'Failed to submit payment proof',
      then: onClose,
    }),
  );
  const form = useZodForm({
    initialValues: initialValues(network.network),
    schema: ZPaymentProofFormSchema,
    serverFields: { byMessage: byMessage(network.network), fields: FIELDS },
    submit: (values) => submit.mutateAsync({ ...target, ...values, network: network.network }),
  });
  return (
    <AppDialog open={open} onClose={onClose} title="Submit Payment Proof">
      {/* Keyed: another network's tab starts a fresh form with that network's shapes. */}
      <Formik key={network.network} {...form}>
        {({ values, setFieldValue, errors, submitCount }) => (
          <Form noValidate>
            <Stack gap="4">
              <Text color="fg.muted" fontSize="sm">
                Paid on {network.name} ({network.network}): {network.amountCoin} {network.network},{' '}
                {usdText(amountUsd)} USD.
              </Text>
              {CHAIN_FIELDS.map(({ name, label, hint, maxLength }) => (
                <FormField
                  key={name}
                  name={name}
                  label={label}
                  helperText={hint(network.network)}
                  required
                  autoComplete="off"
                  spellCheck={false}
                  fontFamily="mono"
                  maxLength={maxLength}
                />
              ))}
              <TextareaField
                name="notes"
                label="Additional Notes (optional)"
                rows={3}
                maxLength={PAYMENT_LIMITS.notesMax}
              />
              <FileDropzone
                label="Payment Screenshot (optional)"
                purpose="proof"
                value={values.proofFile ?? null}
                onChange={(url) => void setFieldValue('proofFile', url)}
                helperText="PNG, JPG or PDF, max 10MB"
              />
              {submitCount > 0 && errors.proofFile ? (
                <Text color="red.fg" fontSize="sm">
                  {errors.proofFile}
                </Text>
              ) : null}
              <DialogFormActions onCancel={onClose} submitLabel="Submit Proof" />
            </Stack>
          </Form>
        )}
      </Formik>
    </AppDialog>
  );
}
