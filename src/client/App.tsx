// The route table of SPEC 2.1.
import { lazy, Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import type { Role } from '../shared/constants';
import type { TUser } from '../shared/schemas/auth';
import { GuestRoute, SignedInRoute } from './components/auth/RouteGuards';
import { FullPageSpinner } from './components/common/FullPageSpinner';
import { RouteFocus } from './components/layout/RouteFocus';
import { AuthPage } from './pages/AuthPage';
import { DebugPage } from './pages/DebugPage';
import { NotFoundPage } from './pages/NotFoundPage';
import type { SignedInPath } from './routePaths';

// Screens most visitors never open load on demand, keeping the first page small.
const AccountSettingsPage = lazy(() =>
  import('./pages/AccountSettingsPage').then((m) => ({ default: m.AccountSettingsPage })),
);
const CreateContestPage = lazy(() =>
  import('./pages/CreateContestPage').then((m) => ({ default: m.CreateContestPage })),
);
const AdminCreateContestPage = lazy(() =>
  import('./pages/admin/AdminCreateContestPage').then((m) => ({
    default: m.AdminCreateContestPage,
  })),
);
const AdminDashboardPage = lazy(() =>
  import('./pages/admin/AdminDashboardPage').then((m) => ({ default: m.AdminDashboardPage })),
);
const ContestDetailPage = lazy(() =>
  import('./pages/contests/ContestDetailPage').then((m) => ({ default: m.ContestDetailPage })),
);
const TeamPage = lazy(() => import('./pages/TeamPage').then((m) => ({ default: m.TeamPage })));
const ReceiptPage = lazy(() =>
  import('./pages/ReceiptPage').then((m) => ({ default: m.ReceiptPage })),
);
const ContestManagementPage = lazy(() =>
  import('./pages/admin/ContestManagementPage').then((m) => ({
    default: m.ContestManagementPage,
  })),
);
const ContestsPage = lazy(() =>
  import('./pages/contests/ContestsPage').then((m) => ({ default: m.ContestsPage })),
);
const DashboardPage = lazy(() =>
  import('./pages/DashboardPage').then((m) => ({ default: m.DashboardPage })),
);
const LeaderboardPage = lazy(() =>
  import('./pages/LeaderboardPage').then((m) => ({ default: m.LeaderboardPage })),
);
// Its chart library (recharts) loads later still, with the Performance tab.
const AnalyticsPage = lazy(() =>
  import('./pages/AnalyticsPage').then((m) => ({ default: m.AnalyticsPage })),
);
const AuditPage = lazy(() =>
  import('./pages/admin/AuditPage').then((m) => ({ default: m.AuditPage })),
);
const PaymentPage = lazy(() =>
  import('./pages/PaymentPage').then((m) => ({ default: m.PaymentPage })),
);
const SubscriptionsPage = lazy(() =>
  import('./pages/admin/SubscriptionsPage').then((m) => ({ default: m.SubscriptionsPage })),
);
const PlatformSettingsPage = lazy(() =>
  import('./pages/admin/PlatformSettingsPage').then((m) => ({ default: m.PlatformSettingsPage })),
);
// The Education Center: its markdown renderer loads later still, with an item's page.
const EducationPage = lazy(() =>
  import('./pages/EducationPage').then((m) => ({ default: m.EducationPage })),
);
const EducationItemPage = lazy(() =>
  import('./pages/EducationItemPage').then((m) => ({ default: m.EducationItemPage })),
);
const EducationAdminPage = lazy(() =>
  import('./pages/admin/EducationAdminPage').then((m) => ({ default: m.EducationAdminPage })),
);
const NewEducationPage = lazy(() =>
  import('./pages/admin/EducationEditorPage').then((m) => ({ default: m.NewEducationPage })),
);
const EditEducationPage = lazy(() =>
  import('./pages/admin/EducationEditorPage').then((m) => ({ default: m.EditEducationPage })),
);
const OutboxPage = lazy(() =>
  import('./pages/admin/OutboxPage').then((m) => ({ default: m.OutboxPage })),
);
// Pages a mailed link or 'Forgot password?' opens.
const ForgotPasswordPage = lazy(() =>
  import('./pages/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./pages/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const VerifyEmailPage = lazy(() =>
  import('./pages/VerifyEmailPage').then((m) => ({ default: m.VerifyEmailPage })),
);
const TrustDevicePage = lazy(() =>
  import('./pages/TrustDevicePage').then((m) => ({ default: m.TrustDevicePage })),
);
const CertificatePage = lazy(() =>
  import('./pages/CertificatePage').then((m) => ({ default: m.CertificatePage })),
);
const NotificationsPage = lazy(() =>
  import('./pages/NotificationsPage').then((m) => ({ default: m.NotificationsPage })),
);
const DisputesPage = lazy(() =>
  import('./pages/admin/DisputesPage').then((m) => ({ default: m.DisputesPage })),
);
const ReportsPage = lazy(() =>
  import('./pages/admin/ReportsPage').then((m) => ({ default: m.ReportsPage })),
);
const PayoutsPage = lazy(() =>
  import('./pages/admin/PayoutsPage').then((m) => ({ default: m.PayoutsPage })),
);
const UserManagementPage = lazy(() =>
  import('./pages/admin/UserManagementPage').then((m) => ({ default: m.UserManagementPage })),
);

interface AppRoute {
  path: SignedInPath;
  /** undefined: any signed-in user; otherwise the roles allowed besides admin. */
  roles?: Role[];
  render: (user: TUser) => ReactNode;
}

const ADMIN_ONLY: Role[] = [];

const routes: AppRoute[] = [
  {
    path: '/',
    // Admins have their own dashboard; sign-in lands on '/' (SPEC 2.1) unless /auth had a page to
    // return to (?next=).
    render: (user) =>
      user.role === 'admin' ? <Redirect to="/admin" replace /> : <DashboardPage user={user} />,
  },
  { path: '/contests', render: () => <ContestsPage /> },
  { path: '/contests/create', render: (user) => <CreateContestPage user={user} /> },
  { path: '/contests/:contestId', render: (user) => <ContestDetailPage user={user} /> },
  { path: '/teams/:teamId', render: () => <TeamPage /> },
  { path: '/payment', render: (user) => <PaymentPage user={user} /> },
  { path: '/leaderboard', render: (user) => <LeaderboardPage user={user} /> },
  { path: '/education', render: () => <EducationPage /> },
  { path: '/education/:idOrSlug', render: () => <EducationItemPage /> },
  { path: '/analytics', render: () => <AnalyticsPage /> },
  { path: '/settings', render: (user) => <AccountSettingsPage user={user} /> },
  { path: '/receipts/:proofId', render: () => <ReceiptPage /> },
  { path: '/notifications', render: () => <NotificationsPage /> },
  { path: '/admin', roles: ADMIN_ONLY, render: (user) => <AdminDashboardPage user={user} /> },
  {
    path: '/admin/users',
    roles: ADMIN_ONLY,
    render: (user) => <UserManagementPage user={user} />,
  },
  {
    path: '/admin/subscriptions',
    // PRODUCT.md 'Roles': moderators review payment proofs too.
    roles: ['moderator'],
    render: (user) => <SubscriptionsPage user={user} />,
  },
  {
    path: '/admin/settings',
    roles: ADMIN_ONLY,
    render: () => <PlatformSettingsPage />,
  },
  { path: '/admin/audit', roles: ADMIN_ONLY, render: () => <AuditPage /> },
  { path: '/admin/outbox', roles: ADMIN_ONLY, render: () => <OutboxPage /> },
  { path: '/admin/education', roles: ADMIN_ONLY, render: () => <EducationAdminPage /> },
  { path: '/admin/education/new', roles: ADMIN_ONLY, render: () => <NewEducationPage /> },
  { path: '/admin/education/:id/edit', roles: ADMIN_ONLY, render: () => <EditEducationPage /> },
  {
    path: '/admin/contests',
    roles: ['moderator'],
    render: (user) => <ContestManagementPage user={user} />,
  },
  {
    path: '/admin/contests/create',
    // PRODUCT.md: moderators review contests and reach /admin/contests only; creating through
    // the admin wizard stays with admins.
    roles: ADMIN_ONLY,
    render: (user) => <AdminCreateContestPage user={user} />,
  },
  // Disputed tournament results: moderators and admins decide them (issue 19).
  { path: '/admin/disputes', roles: ['moderator'], render: () => <DisputesPage /> },
  // Reported discussion posts: moderators and admins review them (issue 32).
  { path: '/admin/reports', roles: ['moderator'], render: () => <ReportsPage /> },
  // Paying contest winners (issue 30): admins only.
  { path: '/admin/payouts', roles: ADMIN_ONLY, render: () => <PayoutsPage /> },
];

export function App() {
  return (
    <>
      <RouteFocus />
      <Suspense fallback={<FullPageSpinner />}>
        <Switch>
          <Route path="/auth">
            <GuestRoute>
              <AuthPage />
            </GuestRoute>
          </Route>
          <Route path="/forgot-password">
            <GuestRoute>
              <ForgotPasswordPage />
            </GuestRoute>
          </Route>
          <Route path="/debug">
            <DebugPage />
          </Route>
          <Route path="/reset-password">
            <ResetPasswordPage />
          </Route>
          <Route path="/verify-email">
            <VerifyEmailPage />
          </Route>
          <Route path="/trust-device">
            <TrustDevicePage />
          </Route>
          <Route path="/certificates/:code">
            <CertificatePage />
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
      </Suspense>
    </>
  );
}
