import { Card, Heading, Tabs } from '@chakra-ui/react';
import { GeneralSettingsForm } from '../../components/admin/platformSettings/GeneralSettingsForm';
import { PaymentSettingsForm } from '../../components/admin/platformSettings/PaymentSettingsForm';
import { PageHeader } from '../../components/layout/PageHeader';
import { useTabParam } from '../../lib/useTabParam';

const TABS = ['general', 'payments'] as const;

export function PlatformSettingsPage() {
  const [tab, setTab] = useTabParam(TABS, 'general');
  return (
    <>
      <PageHeader title="Platform Settings" subtitle="Configure how the platform works" />
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" lazyMount>
        <Tabs.List mb="6">
          <Tabs.Trigger value="general">General</Tabs.Trigger>
          <Tabs.Trigger value="payments">Payments</Tabs.Trigger>
        </Tabs.List>
        <Card.Root>
          <Card.Body>
            {/* Each panel's h2 (for screen readers: the tab shows it) comes before its sections' h3. */}
            <Tabs.Content value="general">
              <Heading as="h2" srOnly>
                General settings
              </Heading>
              <GeneralSettingsForm />
            </Tabs.Content>
            <Tabs.Content value="payments">
              <Heading as="h2" srOnly>
                Payment settings
              </Heading>
              <PaymentSettingsForm />
            </Tabs.Content>
          </Card.Body>
        </Card.Root>
      </Tabs.Root>
    </>
  );
}
