// The access rules of SPEC 2.1 on the client; the server enforces them again on every call.
import { lazy, useEffect, type ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import type { Role } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { RETURN_PARAM, safeReturnPath, signInPathFor } from '../../../shared/returnPath';
import type { TUser } from '../../../shared/schemas/auth';
import { useCurrentUser } from '../../lib/auth';
import { loadedWithoutSession } from '../../lib/bootData';
import { toastInfo } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { FullPageSpinner } from '../common/FullPageSpinner';
import { MaintenancePage } from '../../pages/MaintenancePage';

// The signed-in frame (sidebar, menus, the mobile drawer) is a chunk of its own: /auth, the
// first page of most visits, never needs it.
const loadAppLayout = () => import('../layout/AppLayout');
const AppLayout = lazy(() => loadAppLayout().then((m) => ({ default: m.AppLayout })));
// Met by few (a member given a temporary password), and it brings the form's schema with it.
const ChooseNewPasswordPage = lazy(() =>
  import('./ChooseNewPasswordPage').then((m) => ({ default: m.ChooseNewPasswordPage })),
);

// Met by few (staff when the platform requires two-factor sign-in), with the QR code's setup.
const TwoFactorSetupPage = lazy(() =>
  import('./TwoFactorSetupPage').then((m) => ({ default: m.TwoFactorSetupPage })),
);

/**
 * SPEC 2.1 sends a member who opens a page above their role to '/': said in a notice on arrival,
 * so they know why they are not where they asked to be.
 */
function NotForYourRole({ roles }: { roles: Role[] }) {
  const [, navigate] = useLocation();
  const staff = roles.includes('moderator');
  useEffect(() => {
    toastInfo(
      staff ? 'That page is for moderators and administrators' : MSG.adminOnlyPage,
      'You were taken to your dashboard instead.',
    );
    navigate('/', { replace: true });
  }, [navigate, staff]);
  return null;
}

interface Props {
  /** Roles allowed besides admin; omit for any signed-in user. */
  roles?: Role[];
  children: (user: TUser) => ReactNode;
}

export function SignedInRoute({ roles, children }: Props) {
  const { user, isLoading } = useCurrentUser();
  const settings = trpc.settings.public.useQuery(undefined, { staleTime: Infinity });
  // Fetched while auth.me is on its way, not after it: no second wait for a signed-in page.
  void loadAppLayout();
  if (isLoading) return <FullPageSpinner />;
  // Signed out: to /auth, which returns here after the sign-in (a contest's link from a chat).
  if (!user) return <Redirect to={signInPathFor(currentPath())} replace />;
  if (roles && user.role !== 'admin' && !roles.includes(user.role))
    return <NotForYourRole roles={roles} />;
  if (settings.data?.maintenanceMode && user.role !== 'admin') return <MaintenancePage />;
  // A temporary password comes before anything else, whatever address was opened.
  if (user.mustChangePassword) return <ChooseNewPasswordPage user={user} />;
  // Then, for staff the platform requires it of, two-factor sign-in.
  if (user.twoFactorSetupRequired) return <TwoFactorSetupPage user={user} />;
  return <AppLayout user={user}>{children(user)}</AppLayout>;
}

/** The address this page was opened at, path, query and fragment. */
function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

export function GuestRoute({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  // Served without a session cookie, the page knows no one is signed in: the form at once. With
  // one, the visitor is most likely signed in and about to be sent on, so wait for auth.me.
  if (isLoading && !loadedWithoutSession()) return <FullPageSpinner />;
  if (user) {
    // Already signed in (another tab signed in meanwhile): straight to the page /auth was to
    // return to, else the dashboard.
    const next = safeReturnPath(new URLSearchParams(window.location.search).get(RETURN_PARAM));
    return <Redirect to={next ?? (user.role === 'admin' ? '/admin' : '/')} replace />;
  }
  return <>{children}</>;
}
