// Tier prices, wallet addresses and conversion rates that the payment screen uses, and the
// block-explorer link of each network that the proofs' hashes point to.
import { Heading, SimpleGrid, Spinner, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import {
  PAYMENT_NETWORKS,
  ZPaymentConfigSchema,
  type TPaymentConfig,
} from '../../../../shared/schemas/settings';
import { errorMessage } from '../../../lib/errors';
import { keyedToasts } from '../../../lib/toaster';
import { trpc } from '../../../lib/trpc';
import { useZodForm } from '../../../lib/useZodForm';
import { FormField } from '../../common/FormField';
import { SaveButton } from '../../common/FormButtons';

const toasts = keyedToasts('paymentSettings');

export function PaymentSettingsForm() {
  const current = trpc.adminSettings.getPayments.useQuery();
  if (!current.data) return <Spinner aria-label="Loading payment settings" />;
  return <LoadedPaymentSettingsForm current={current.data} />;
}

/** The form, once the settings came (it follows them when they change: enableReinitialize). */
function LoadedPaymentSettingsForm({ current }: { current: TPaymentConfig }) {
  const utils = trpc.useUtils();
  const save = trpc.adminSettings.updatePayments.useMutation({
    onSuccess: (saved) => {
      utils.adminSettings.getPayments.setData(undefined, saved);
      toasts.success('Payment settings updated successfully');
    },
    onError: (error) =>
      toasts.error('Error', errorMessage(error, 'Failed to update payment settings')),
  });
  const form = useZodForm({
    initialValues: current,
    schema: ZPaymentConfigSchema,
    submit: (values) => save.mutateAsync(values),
    onSuccess: (saved, { resetForm }) => resetForm({ values: saved }),
  });
  return (
    <Formik {...form} enableReinitialize>
      {() => (
        <Form noValidate>
          <Stack gap="6" maxW="3xl">
            <Heading as="h3" size="sm">
              Tier prices (USD)
            </Heading>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              <FormField
                name="tierPrices.standard"
                label="Standard price"
                type="number"
                step="0.01"
                min={0}
              />
              <FormField
                name="tierPrices.pro"
                label="Pro price"
                type="number"
                step="0.01"
                min={0}
              />
              <FormField
                name="tierPrices.elite"
                label="Elite price"
                type="number"
                step="0.01"
                min={0}
              />
            </SimpleGrid>
            <Heading as="h3" size="sm">
              Networks
            </Heading>
            {PAYMENT_NETWORKS.map((network) => (
              <SimpleGrid key={network} columns={{ base: 1, md: 3 }} gap="4">
                <FormField
                  name={`networks.${network}.address`}
                  label={`${network} wallet address`}
                  gridColumn={{ md: 'span 2' }}
                />
                <FormField
                  name={`networks.${network}.rate`}
                  label={`${network} rate per USD`}
                  type="number"
                  step="any"
                  min={0}
                />
                <FormField
                  name={`networks.${network}.explorerUrl`}
                  label={`${network} block explorer link`}
                  helperText="An https:// address with {hash} where the transaction hash goes; empty: no link."
                  inputMode="url"
                  spellCheck={false}
                  gridColumn={{ md: 'span 3' }}
                />
              </SimpleGrid>
            ))}
            <SaveButton>Save Payment Settings</SaveButton>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
