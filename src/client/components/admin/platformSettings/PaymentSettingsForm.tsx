// Tier prices, wallet addresses and conversion rates that the payment screen uses, and the
// block-explorer link of each network that the proofs' hashes point to.
import { Heading, SimpleGrid } from '@chakra-ui/react';
import { PAYMENT_NETWORKS, ZPaymentConfigSchema } from '../../../../shared/schemas/settings';
import { keyedToasts } from '../../../lib/toaster';
import { trpc } from '../../../lib/trpc';
import { toastOutcome } from '../../../lib/toastOutcome';
import { FormField } from '../../common/FormField';
import { SaveButton } from '../../common/FormButtons';
import { SettingsForm } from './SettingsForm';

const toasts = keyedToasts('paymentSettings');

export function PaymentSettingsForm() {
  const current = trpc.adminSettings.getPayments.useQuery();
  const utils = trpc.useUtils();
  const save = trpc.adminSettings.updatePayments.useMutation(
    toastOutcome(toasts, {
      success: 'Payment settings updated successfully',
      failure: 'Failed to update payment settings',
      then: (saved) => utils.adminSettings.getPayments.setData(undefined, saved),
    }),
  );
  return (
    <SettingsForm
      current={current.data}
      loadingLabel="Loading payment settings"
      schema={ZPaymentConfigSchema}
      save={save.mutateAsync}
      maxW="3xl"
    >
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
        <FormField name="tierPrices.pro" label="Pro price" type="number" step="0.01" min={0} />
        <FormField name="tierPrices.elite" label="Elite price" type="number" step="0.01" min={0} />
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
    </SettingsForm>
  );
}
