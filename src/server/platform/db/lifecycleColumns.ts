// The columns of a contest the one lifecycle reads (contestPhase in src/shared/lifecycle.ts): a
// read that computes a contest's phase selects these, so it cannot miss one of its facts.
import { contests } from './schema';

export const lifecycleColumns = {
  status: contests.status,
  registrationDeadline: contests.registrationDeadline,
  startDate: contests.startDate,
  endDate: contests.endDate,
  bracketGeneratedAt: contests.bracketGeneratedAt,
};
