// Step 4, Access & Payment (member) or Access & Settings (admin, with Admin Settings): who may
// join, the entry fee for paid contests, the prize (its description and its table), and for admins the status and featured flag.
import { Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import { TIERS, TIER_LABELS } from '../../../../shared/constants';
import {
  ADMIN_CONTEST_STATUSES,
  CONTEST_LIMITS,
  PAID_ENTRY_FEE_DEFAULT,
  PARTICIPATION_LABELS,
  PARTICIPATION_TYPES,
  STATUS_LABELS,
} from '../../../../shared/contests';
import { FormField } from '../../common/FormField';
import { SelectField } from '../../common/SelectField';
import { SwitchField } from '../../common/SwitchField';
import { PrizeTableField } from '../prizes/PrizeTableField';
import type { WizardValues } from './formValues';
import type { WizardVariant } from './variants';

const PARTICIPATION_OPTIONS = PARTICIPATION_TYPES.map((p) => ({
  value: p,
  label: PARTICIPATION_LABELS[p],
}));
const TIER_OPTIONS = TIERS.map((t) => ({ value: t, label: TIER_LABELS[t] }));
const STATUS_OPTIONS = ADMIN_CONTEST_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }));

export function AccessStep({ variant }: { variant: WizardVariant }) {
  const { values, setFieldValue } = useFormikContext<WizardValues>();
  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <SelectField
          name="participationType"
          label="Participation Type"
          options={PARTICIPATION_OPTIONS}
          // SPEC 4: switching to paid sets the fee to 10; switching away clears it.
          onValueChange={(type) =>
            void setFieldValue('entryFee', type === 'paid' ? PAID_ENTRY_FEE_DEFAULT : '')
          }
        />
        <SelectField name="requiredTier" label="Required Tier" options={TIER_OPTIONS} />
      </SimpleGrid>
      {values.participationType === 'paid' ? (
        <FormField
          name="entryFee"
          label="Entry Fee (USD)"
          type="number"
          inputMode="decimal"
          min={CONTEST_LIMITS.entryFeeMin}
          step={0.01}
          helperText="In US dollars, at least 1."
        />
      ) : null}
      <FormField
        name="prize"
        label="Prize"
        placeholder="e.g. $500 to the winner"
        helperText="Optional. Describe what the winners receive."
      />
      <PrizeTableField />
      {variant.adminSettings ? (
        <Stack gap="4" borderWidth="1px" rounded="md" p="4">
          <Heading as="h3" size="md">
            Admin Settings
          </Heading>
          <SelectField name="status" label="Status" options={STATUS_OPTIONS} />
          <SwitchField
            name="featured"
            label="Featured"
            description="Show this contest on the home page"
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
