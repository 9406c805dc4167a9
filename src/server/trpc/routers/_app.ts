import { createCallerFactory, router } from '../trpc';
import { authRouter } from './auth';
import { settingsRouter } from './settings';
import { accountRouter } from './account';
import { adminSettingsRouter, auditRouter } from './adminSettings';
import { adminUsersRouter } from './adminUsers';
import { contestsRouter } from './contests';
import { educationRouter } from './education';
import { participationRouter } from './participation';
import { leaderboardRouter } from './leaderboard';
import { paymentsRouter } from './payments';
import { subscriptionsRouter } from './subscriptions';
import { meRouter } from './me';
import { adminRouter } from './admin';
import { adminDemoRouter } from './adminDemo';
import { operationsRouter } from './operations';
import { oidcRouter } from './oidc';
import { emailRouter, passwordRouter } from './accountLinks';
import { outboxRouter } from './outbox';
import { twoFactorRouter } from './twoFactor';
import { notificationsRouter } from './notifications';
import { teamsRouter } from './teams';
import { tournamentsRouter } from './tournaments';
import { checkInRouter } from './checkIn';
import { rosterRouter } from './roster';
import { prizesRouter } from './prizes';
import { resultsRouter } from './results';
import { payoutsRouter } from './payouts';
import { submissionsRouter } from './submissions';
import { tradingRouter } from './trading';
import { certificatesRouter } from './certificates';
import { discussionRouter } from './discussion';
import { discussionLiveRouter } from './discussionLive';
import { reportsRouter } from './reports';

export const appRouter = router({
  auth: authRouter,
  settings: settingsRouter,
  account: accountRouter,
  adminUsers: adminUsersRouter,
  adminSettings: adminSettingsRouter,
  audit: auditRouter,
  contests: contestsRouter,
  education: educationRouter,
  participation: participationRouter,
  leaderboard: leaderboardRouter,
  payments: paymentsRouter,
  subscriptions: subscriptionsRouter,
  me: meRouter,
  admin: adminRouter,
  adminDemo: adminDemoRouter,
  operations: operationsRouter,
  oidc: oidcRouter,
  password: passwordRouter,
  email: emailRouter,
  outbox: outboxRouter,
  twoFactor: twoFactorRouter,
  notifications: notificationsRouter,
  teams: teamsRouter,
  tournaments: tournamentsRouter,
  checkIn: checkInRouter,
  roster: rosterRouter,
  prizes: prizesRouter,
  results: resultsRouter,
  payouts: payoutsRouter,
  submissions: submissionsRouter,
  trading: tradingRouter,
  certificates: certificatesRouter,
  discussion: discussionRouter,
  discussionLive: discussionLiveRouter,
  reports: reportsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
