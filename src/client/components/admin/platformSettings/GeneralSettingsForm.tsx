// SPEC 2.16 General tab, loaded from the server when it opens (PRODUCT.md).
import { Heading, SimpleGrid } from '@chakra-ui/react';
import { LIMIT_SETTINGS, ZPlatformSettingsSchema } from '../../../../shared/schemas/settings';
import { keyedToasts } from '../../../lib/toaster';
import { trpc } from '../../../lib/trpc';
import { toastOutcome } from '../../../lib/toastOutcome';
import { FormField } from '../../common/FormField';
import { SaveButton } from '../../common/FormButtons';
import { SelectField } from '../../common/SelectField';
import { SwitchField } from '../../common/SwitchField';
import { TIER_OPTIONS } from '../userManagement/labels';
import { SettingsForm } from './SettingsForm';

const toasts = keyedToasts('platformSettings');

export function GeneralSettingsForm() {
  const current = trpc.adminSettings.get.useQuery();
  const utils = trpc.useUtils();
  const save = trpc.adminSettings.update.useMutation(
    toastOutcome(toasts, {
      success: 'Platform settings updated successfully',
      failure: 'Failed to update settings',
      then: (saved) => utils.adminSettings.get.setData(undefined, saved),
    }),
  );
  return (
    <SettingsForm
      current={current.data}
      loadingLabel="Loading settings"
      schema={ZPlatformSettingsSchema}
      save={save.mutateAsync}
      maxW="2xl"
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField name="siteName" label="Platform Name" />
        <FormField name="contactEmail" label="Contact Email" type="email" />
      </SimpleGrid>
      <SwitchField
        name="enableRegistration"
        label="User Registration"
        description="Allow new members to create accounts."
      />
      <SwitchField
        name="maintenanceMode"
        label="Maintenance Mode"
        description="Members see a maintenance page; admins keep working."
      />
      <SwitchField
        name="contestApprovalRequired"
        label="Contest Approval"
        description="New member contests wait for a moderator's approval before going live."
      />
      <SwitchField
        name="requireVerifiedEmail"
        label="Require a verified e-mail to join contests and submit payments"
        description="Members must open the link mailed to them before they join a contest or send a payment proof."
      />
      <SwitchField
        name="requireStaffTwoFactor"
        label="Require two-factor sign-in for moderators and admins"
        description="Staff without it are led to set it up at their next sign-in, before anything else (you too, if you have not)."
      />
      <SelectField name="defaultUserTier" label="Default User Tier" options={TIER_OPTIONS} />
      <Heading as="h3" size="sm">
        Limits
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {LIMIT_SETTINGS.map((limit) => (
          <FormField
            key={limit.key}
            name={limit.key}
            label={limit.label}
            helperText={limit.protects}
            type="number"
            inputMode="numeric"
            step="1"
            min={1}
          />
        ))}
      </SimpleGrid>
      <Heading as="h3" size="sm">
        Payouts
      </Heading>
      {/* Paying contest winners (issue 30). */}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField
          name="payoutClaimDays"
          label="Days to claim a prize"
          helperText="A winner who adds no payout method in this many days forfeits the prize."
          type="number"
          inputMode="numeric"
          step="1"
          min={1}
          max={365}
        />
      </SimpleGrid>
      <SwitchField
        name="payoutsOneAdmin"
        label="One admin may approve and send a payout"
        description="For small installs with a single admin. Off: a second admin, not the one who approved it, marks each payout sent."
      />
      <SaveButton>Save Settings</SaveButton>
    </SettingsForm>
  );
}
