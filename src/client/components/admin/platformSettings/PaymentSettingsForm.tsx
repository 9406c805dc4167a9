// The plans (a price per tier and period, issue 33) and their grace period, the wallet addresses
// and conversion rates the payment screen uses, and the block-explorer link of each network that
// the proofs' hashes point to.
import { Heading, SimpleGrid } from '@chakra-ui/react';
import { PAYMENT_NETWORKS, ZPaymentConfigSchema } from '../../../../shared/schemas/settings';
import { keyedToasts } from '../../../lib/toaster';
import { trpc } from '../../../lib/trpc';
import { toastOutcome } from '../../../lib/toastOutcome';
import { FormField } from '../../common/FormField';
import { SaveButton } from '../../common/FormButtons';
import { PlanPricesTable } from './PlanPricesTable';
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
        Plans
      </Heading>
      <PlanPricesTable />
      <FormField
        name="graceDays"
        label="Grace period (days)"
        type="number"
        step={1}
        min={0}
        max={30}
        maxW="xs"
        helperText="Days an ended plan keeps its tier, with a reminder to renew, before the member drops to the default tier (0 to 30)."
      />
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
