// Where contest winnings are sent (SPEC 2.11 Payment tab). The shared schema says what each
// method needs (PRODUCT.md 'Money'); its messages show beside the fields, before and after a save.
import { Alert, SimpleGrid, Spinner, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import type { TUser } from '../../../shared/schemas/auth';
import { PAYOUT_CURRENCIES, ZPaymentSettingsSchema } from '../../../shared/schemas/account';
import type { ServerFieldRules } from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { toastOutcome } from '../../lib/toastOutcome';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/useZodForm';
import { FormField } from '../common/FormField';
import { SaveButton } from '../common/FormButtons';
import { SelectField } from '../common/SelectField';

const toasts = keyedToasts('payout');

const METHOD_OPTIONS = [
  { value: 'bank', label: 'Bank Transfer' },
  { value: 'crypto', label: 'Cryptocurrency' },
  { value: 'paypal', label: 'PayPal' },
] as const;

const CURRENCY_OPTIONS = PAYOUT_CURRENCIES.map((c) => ({ value: c, label: c }));

// A refusal the server finds in a field (the same schema) lands beside that field too.
const serverFields: ServerFieldRules = {
  byMessage: {},
  fields: [
    'paymentMethod',
    'accountName',
    'accountNumber',
    'bankName',
    'bankCode',
    'cryptoAddress',
    'cryptoCurrency',
    'paypalEmail',
  ],
};

export function PayoutMethodForm({ user }: { user: TUser }) {
  const utils = trpc.useUtils();
  const current = trpc.account.getPayment.useQuery();
  const save = trpc.account.updatePayment.useMutation(
    toastOutcome(toasts, {
      success: 'Payment settings updated successfully',
      failure: 'Failed to save payment settings',
      then: (saved) => utils.account.getPayment.setData(undefined, saved),
    }),
  );
  const saved = current.data;
  const initialValues = {
    paymentMethod: (saved?.paymentMethod ?? 'bank') as 'bank' | 'crypto' | 'paypal',
    accountName: saved?.accountName ?? '',
    accountNumber: saved?.accountNumber ?? '',
    bankName: saved?.bankName ?? '',
    bankCode: saved?.bankCode ?? '',
    cryptoAddress: saved?.cryptoAddress ?? '',
    cryptoCurrency: saved?.cryptoCurrency ?? 'BTC',
    paypalEmail: saved?.paypalEmail ?? user.email,
  };
  const form = useZodForm({
    initialValues,
    schema: ZPaymentSettingsSchema,
    serverFields,
    submit: (values) =>
      save.mutateAsync({ ...values, userId: user.id } as Parameters<typeof save.mutateAsync>[0]),
    onSuccess: (_saved, { resetForm }, values) => resetForm({ values }),
  });
  if (current.isLoading) return <Spinner />;
  return (
    <Stack gap="6">
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Important</Alert.Title>
          <Alert.Description>
            These details are used to send your contest winnings. Make sure they are correct.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Formik {...form} enableReinitialize>
        {({ values }) => (
          <Form noValidate>
            <Stack gap="4" maxW="2xl">
              <SelectField name="paymentMethod" label="Payment Method" options={METHOD_OPTIONS} />
              {values.paymentMethod === 'bank' ? (
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <FormField name="accountName" label="Account Name" required />
                  <FormField name="accountNumber" label="Account Number" required />
                  <FormField name="bankName" label="Bank Name" required />
                  <FormField
                    name="bankCode"
                    label="Bank Code"
                    helperText="SWIFT/BIC or routing number"
                  />
                </SimpleGrid>
              ) : null}
              {values.paymentMethod === 'crypto' ? (
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <SelectField
                    name="cryptoCurrency"
                    label="Cryptocurrency"
                    options={CURRENCY_OPTIONS}
                  />
                  <FormField
                    name="cryptoAddress"
                    label="Wallet Address"
                    required
                    helperText={
                      values.cryptoCurrency === 'BTC'
                        ? 'A Bitcoin address (1…, 3… or bc1…)'
                        : 'An ERC-20 address (0x followed by 40 hex characters)'
                    }
                  />
                </SimpleGrid>
              ) : null}
              {values.paymentMethod === 'paypal' ? (
                <FormField name="paypalEmail" label="PayPal Email" type="email" required />
              ) : null}
              <SaveButton>Save Payment Method</SaveButton>
            </Stack>
          </Form>
        )}
      </Formik>
    </Stack>
  );
}
