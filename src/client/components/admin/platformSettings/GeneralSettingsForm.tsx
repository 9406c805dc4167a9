// SPEC 2.16 General tab, loaded from the server when it opens (PRODUCT.md).
import { Heading, SimpleGrid, Spinner, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import {
  LIMIT_SETTINGS,
  ZPlatformSettingsSchema,
  type TPlatformSettings,
} from '../../../../shared/schemas/settings';
import { errorMessage } from '../../../lib/errors';
import { keyedToasts } from '../../../lib/toaster';
import { trpc } from '../../../lib/trpc';
import { useZodForm } from '../../../lib/useZodForm';
import { FormField } from '../../common/FormField';
import { SaveButton } from '../../common/FormButtons';
import { SelectField } from '../../common/SelectField';
import { SwitchField } from '../../common/SwitchField';
import { TIER_OPTIONS } from '../userManagement/labels';

const toasts = keyedToasts('platformSettings');

export function GeneralSettingsForm() {
  const current = trpc.adminSettings.get.useQuery();
  if (!current.data) return <Spinner aria-label="Loading settings" />;
  return <LoadedGeneralSettingsForm current={current.data} />;
}

/** The form, once the settings came (it follows them when they change: enableReinitialize). */
function LoadedGeneralSettingsForm({ current }: { current: TPlatformSettings }) {
  const utils = trpc.useUtils();
  const save = trpc.adminSettings.update.useMutation({
    onSuccess: (saved) => {
      utils.adminSettings.get.setData(undefined, saved);
      toasts.success('Platform settings updated successfully');
    },
    onError: (error) => toasts.error('Error', errorMessage(error, 'Failed to update settings')),
  });
  const form = useZodForm({
    initialValues: current,
    schema: ZPlatformSettingsSchema,
    submit: (values) => save.mutateAsync(values),
    onSuccess: (saved, { resetForm }) => resetForm({ values: saved }),
  });
  return (
    <Formik {...form} enableReinitialize>
      {() => (
        <Form noValidate>
          <Stack gap="6" maxW="2xl">
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
            <SaveButton>Save Settings</SaveButton>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
