// The route table of SPEC 2.1.
import type { ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import type { Role } from '../shared/constants';
import type { TUser } from '../shared/schemas/auth';
import { GuestRoute, SignedInRoute } from './components/auth/RouteGuards';
import { AccountSettingsPage } from './pages/AccountSettingsPage';
import { AdminDashboardPage } from './pages/admin/AdminDashboardPage';
import { AuditPage } from './pages/admin/AuditPage';
import { PlatformSettingsPage } from './pages/admin/PlatformSettingsPage';
import { UserManagementPage } from './pages/admin/UserManagementPage';
import { AuthPage } from './pages/AuthPage';
import { DashboardPage } from './pages/DashboardPage';
import { DebugPage } from './pages/DebugPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { PlaceholderPage } from './pages/PlaceholderPage';

interface AppRoute {
  path: string;
  /** undefined: any signed-in user; otherwise the roles allowed besides admin. */
  roles?: Role[];
  render: (user: TUser) => ReactNode;
}

const ADMIN_ONLY: Role[] = [];

const routes: AppRoute[] = [
  {
    path: '/',
    // Admins have their own dashboard; sign-in always lands on '/' (SPEC 2.1).
    render: (user) =>
      user.role === 'admin' ? <Redirect to="/admin" replace /> : <DashboardPage user={user} />,
  },
  { path: '/contests', render: () => <PlaceholderPage title="Contests" /> },
  { path: '/contests/create', render: () => <PlaceholderPage title="Create Contest" /> },
  { path: '/contests/:contestId', render: () => <PlaceholderPage title="Contest Details" /> },
  { path: '/payment', render: () => <PlaceholderPage title="Payment" /> },
  { path: '/leaderboard', render: () => <PlaceholderPage title="Leaderboards" /> },
  {
    path: '/education',
    render: () => (
      <PlaceholderPage
        title="Education Center"
        subtitle="Learn and improve your skills with our educational resources"
      />
    ),
  },
  {
    path: '/analytics',
    render: () => (
      <PlaceholderPage
        title="Analytics"
        subtitle="Track your performance and progress in contests"
      />
    ),
  },
  { path: '/settings', render: (user) => <AccountSettingsPage user={user} /> },
  { path: '/admin', roles: ADMIN_ONLY, render: (user) => <AdminDashboardPage user={user} /> },
  {
    path: '/admin/users',
    roles: ADMIN_ONLY,
    render: (user) => <UserManagementPage user={user} />,
  },
  {
    path: '/admin/subscriptions',
    roles: ADMIN_ONLY,
    render: () => <PlaceholderPage title="Subscriptions" subtitle="Coming Soon" />,
  },
  {
    path: '/admin/settings',
    roles: ADMIN_ONLY,
    render: () => <PlatformSettingsPage />,
  },
  { path: '/admin/audit', roles: ADMIN_ONLY, render: () => <AuditPage /> },
  {
    path: '/admin/contests',
    roles: ['moderator'],
    render: () => <PlaceholderPage title="Contest Management" />,
  },
  {
    path: '/admin/contests/create',
    roles: ADMIN_ONLY,
    render: () => <PlaceholderPage title="Create Contest" />,
  },
];

export function App() {
  return (
    <Switch>
      <Route path="/auth">
        <GuestRoute>
          <AuthPage />
        </GuestRoute>
      </Route>
      <Route path="/debug">
        <DebugPage />
      </Route>
      {routes.map((route) => (
        <Route key={route.path} path={route.path}>
          <SignedInRoute roles={route.roles}>{route.render}</SignedInRoute>
        </Route>
      ))}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
