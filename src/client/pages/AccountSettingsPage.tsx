import { Stack, Tabs } from '@chakra-ui/react';
import type { TUser } from '../../shared/schemas/auth';
import { AvatarUpload } from '../components/account/AvatarUpload';
import { PasswordPanel } from '../components/account/PasswordPanel';
import { EmailVerificationCard } from '../components/account/EmailVerificationCard';
import { PaymentProofsCard } from '../components/account/PaymentProofsCard';
import { PayoutMethodForm } from '../components/account/PayoutMethodForm';
import { ProfileForm } from '../components/account/ProfileForm';
import { SessionsCard } from '../components/account/SessionsCard';
import { SignInMethodsCard } from '../components/account/SignInMethodsCard';
import { TwoFactorCard } from '../components/account/TwoFactorCard';
import { NotificationPreferencesCard } from '../components/notifications/NotificationPreferencesCard';
import { PageHeader } from '../components/layout/PageHeader';
import { useTabParam } from '../lib/useTabParam';
import { TitledCard } from '../components/common/TitledCard';
import { PageTabs } from '../components/common/PageTabs';
import { SubscriptionCard } from '../components/subscriptions/SubscriptionCard';

const TAB_LABELS = {
  profile: 'Profile',
  payment: 'Payment Methods',
  payments: 'Payments',
  subscription: 'Subscription',
};
const TABS = Object.keys(TAB_LABELS) as (keyof typeof TAB_LABELS)[];
// The names a person would type for each tab (its label among them); ?tab=payment stays the link.
const TAB_ALIASES: Record<string, (typeof TABS)[number]> = {
  'payment-methods': 'payment',
  'payment-method': 'payment',
  methods: 'payment',
  payout: 'payment',
  payouts: 'payment',
  'payout-methods': 'payment',
  'payout-method': 'payment',
  proofs: 'payments',
  'payment-proofs': 'payments',
  security: 'profile',
  password: 'profile',
  sessions: 'profile',
  '2fa': 'profile',
  'two-factor': 'profile',
  notifications: 'profile',
  subscriptions: 'subscription',
  plan: 'subscription',
  plans: 'subscription',
  billing: 'subscription',
  receipts: 'subscription',
};

export function AccountSettingsPage({ user }: { user: TUser }) {
  const [tab, setTab] = useTabParam(TABS, 'profile', TAB_ALIASES);
  return (
    <>
      <PageHeader
        title="Account Settings"
        subtitle="Manage your profile, how you get paid, what you paid and your plan"
      />
      <PageTabs labels={TAB_LABELS} value={tab} onChange={setTab}>
        <Tabs.Content value="profile">
          <Stack gap="6">
            <TitledCard title="Photo">
              <AvatarUpload user={user} />
            </TitledCard>
            <TitledCard title="Profile Information">
              <ProfileForm user={user} />
            </TitledCard>
            <TitledCard title="E-mail Verification">
              <EmailVerificationCard user={user} />
            </TitledCard>
            <TitledCard title="Notifications">
              <NotificationPreferencesCard />
            </TitledCard>
            <TitledCard title="Security">
              <Stack gap="6">
                <PasswordPanel />
                <SessionsCard />
              </Stack>
            </TitledCard>
            <SignInMethodsCard />
            <TitledCard title="Two-Factor Sign-In">
              <TwoFactorCard />
            </TitledCard>
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="payment">
          <TitledCard title="Payment Methods">
            <PayoutMethodForm user={user} />
          </TitledCard>
        </Tabs.Content>
        <Tabs.Content value="payments">
          <TitledCard title="Payment Proofs">
            <PaymentProofsCard />
          </TitledCard>
        </Tabs.Content>
        <Tabs.Content value="subscription">
          <TitledCard title="Subscription">
            <SubscriptionCard />
          </TitledCard>
        </Tabs.Content>
      </PageTabs>
    </>
  );
}
