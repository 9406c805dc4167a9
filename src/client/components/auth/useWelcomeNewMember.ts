// The end of every way to create an account (the form, an OpenID provider): sign the new member
// in with the welcome that names the platform.
import { DEFAULT_SITE_NAME } from '../../../shared/platformName';
import { finishSignIn } from '../../lib/auth';
import { trpc } from '../../lib/trpc';

export function useWelcomeNewMember() {
  const settings = trpc.settings.public.useQuery(undefined, { staleTime: Infinity });
  return (user: { id: number; username: string }) =>
    finishSignIn(
      'Registration successful',
      `Welcome to ${settings.data?.siteName ?? DEFAULT_SITE_NAME}, ${user.username}!`,
      user,
    );
}
