// Team mode's refusals (issue 19 'Teams'): each reason of shared/teams.ts with its words; its
// code is the one table's (platform/refusals.ts), as every reason's.
import { AppError } from '../../platform/errors';
import { TEAM_MESSAGES as M, type TeamReason } from '../../../shared/teams';

export function teamError(
  reason: TeamReason,
  message: string = M[reason],
  details?: Record<string, string | number>,
): AppError {
  return new AppError(reason, message, { details });
}

export function teamNotFound(): AppError {
  return new AppError('NOT_FOUND', M.team_not_found);
}
