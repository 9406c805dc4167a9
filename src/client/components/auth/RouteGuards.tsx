// The access rules of SPEC 2.1 on the client; the server enforces them again on every call.
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import type { Role } from '../../../shared/constants';
import type { TUser } from '../../../shared/schemas/auth';
import { useCurrentUser } from '../../lib/auth';
import { trpc } from '../../lib/trpc';
import { FullPageSpinner } from '../common/FullPageSpinner';
import { AppLayout } from '../layout/AppLayout';
import { MaintenancePage } from '../../pages/MaintenancePage';

interface Props {
  /** Roles allowed besides admin; omit for any signed-in user. */
  roles?: Role[];
  children: (user: TUser) => ReactNode;
}

export function SignedInRoute({ roles, children }: Props) {
  const { user, isLoading } = useCurrentUser();
  const settings = trpc.settings.public.useQuery(undefined, { staleTime: Infinity });
  if (isLoading) return <FullPageSpinner />;
  if (!user) return <Redirect to="/auth" replace />;
  if (roles && user.role !== 'admin' && !roles.includes(user.role))
    return <Redirect to="/" replace />;
  if (settings.data?.maintenanceMode && user.role !== 'admin') return <MaintenancePage />;
  return <AppLayout user={user}>{children(user)}</AppLayout>;
}

export function GuestRoute({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <FullPageSpinner />;
  if (user) return <Redirect to={user.role === 'admin' ? '/admin' : '/'} replace />;
  return <>{children}</>;
}
