import { createCallerFactory, router } from '../trpc';
import { authRouter } from './auth';
import { settingsRouter } from './settings';
import { accountRouter } from './account';
import { adminSettingsRouter, auditRouter } from './adminSettings';
import { adminUsersRouter } from './adminUsers';
import { contestsRouter } from './contests';
import { educationRouter } from './education';

export const appRouter = router({
  auth: authRouter,
  settings: settingsRouter,
  account: accountRouter,
  adminUsers: adminUsersRouter,
  adminSettings: adminSettingsRouter,
  audit: auditRouter,
  contests: contestsRouter,
  education: educationRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
