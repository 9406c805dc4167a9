import { Card, Heading, Tabs } from '@chakra-ui/react';
import { GeneralSettingsForm } from '../../components/admin/platformSettings/GeneralSettingsForm';
import { PaymentSettingsForm } from '../../components/admin/platformSettings/PaymentSettingsForm';
import { PageHeader } from '../../components/layout/PageHeader';
import { useTabParam } from '../../lib/useTabParam';
import { PageTabs } from '../../components/common/PageTabs';

const TAB_LABELS = {
  general: 'General',
  payments: 'Payments',
};
const TABS = Object.keys(TAB_LABELS) as (keyof typeof TAB_LABELS)[];
/** Each tab's form, under a heading only screen readers need (the tab shows it). */
const PANELS = {
  general: { heading: 'General settings', Form: GeneralSettingsForm },
  payments: { heading: 'Payment settings', Form: PaymentSettingsForm },
};

export function PlatformSettingsPage() {
  const [tab, setTab] = useTabParam(TABS, 'general');
  return (
    <>
      <PageHeader title="Platform Settings" subtitle="Configure how the platform works" />
      <PageTabs labels={TAB_LABELS} value={tab} onChange={setTab}>
        <Card.Root>
          <Card.Body>
            {/* Each panel's h2 (for screen readers: the tab shows it) comes before its sections' h3. */}
            {TABS.map((tab) => {
              const { heading, Form } = PANELS[tab];
              return (
                <Tabs.Content key={tab} value={tab}>
                  <Heading as="h2" srOnly>
                    {heading}
                  </Heading>
                  <Form />
                </Tabs.Content>
              );
            })}
          </Card.Body>
        </Card.Root>
      </PageTabs>
    </>
  );
}
