// What a moderator or admin meets after signing in when the platform requires two-factor sign-in
// for staff and they have none, whatever address they opened: they set it up before anything
// else (the server refuses every other call of theirs with reason 'two_factor_setup_required').
import { useLocation } from 'wouter';
import type { TMe } from '../../../shared/schemas/auth';
import { useMarkStale } from '../../lib/invalidation';
import { trpc } from '../../lib/trpc';
import { TwoFactorSetup } from '../account/TwoFactorSetup';
import { RequiredStepPage } from './RequiredStepPage';

export function TwoFactorSetupPage({ user }: { user: TMe }) {
  const utils = trpc.useUtils();
  const markStale = useMarkStale();
  const [, navigate] = useLocation();
  return (
    <RequiredStepPage
      title="Set up two-factor sign-in"
      maxW="lg"
      gap="4"
      reason={`${user.username}, this platform requires moderators and administrators to sign in with a code from an authenticator app as well as their password. Set it up to continue.`}
    >
      <TwoFactorSetup
        headingAs="h2"
        onFinished={() => {
          // The session is a full one now: the server says so, and the app opens.
          const { twoFactorSetupRequired: _done, ...rest } = user;
          utils.auth.me.setData(undefined, rest);
          markStale('twoFactor.enable');
          navigate(user.role === 'admin' ? '/admin' : '/', { replace: true });
        }}
      />
    </RequiredStepPage>
  );
}
