// The access rules of SPEC 2.1 on the client; the server enforces them again on every call.
import { lazy, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import type { Role } from '../../../shared/constants';
import type { TUser } from '../../../shared/schemas/auth';
import { useCurrentUser } from '../../lib/auth';
import { loadedWithoutSession } from '../../lib/bootData';
import { trpc } from '../../lib/trpc';
import { FullPageSpinner } from '../common/FullPageSpinner';
import { MaintenancePage } from '../../pages/MaintenancePage';

// The signed-in frame (sidebar, menus, the mobile drawer) is a chunk of its own: /auth, the
// first page of most visits, never needs it.
const loadAppLayout = () => import('../layout/AppLayout');
const AppLayout = lazy(() => loadAppLayout().then((m) => ({ default: m.AppLayout })));

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
  if (!user) return <Redirect to="/auth" replace />;
  if (roles && user.role !== 'admin' && !roles.includes(user.role))
    return <Redirect to="/" replace />;
  if (settings.data?.maintenanceMode && user.role !== 'admin') return <MaintenancePage />;
  return <AppLayout user={user}>{children(user)}</AppLayout>;
}

export function GuestRoute({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  // Served without a session cookie, the page knows no one is signed in: the form at once. With
  // one, the visitor is most likely signed in and about to be sent on, so wait for auth.me.
  if (isLoading && !loadedWithoutSession()) return <FullPageSpinner />;
  if (user) return <Redirect to={user.role === 'admin' ? '/admin' : '/'} replace />;
  return <>{children}</>;
}
