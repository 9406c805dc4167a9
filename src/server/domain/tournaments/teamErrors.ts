// Team mode's refusals (issue 19 'Teams'): each reason of shared/teams.ts with its status, so
// the router and REST answer a team rule's refusal as the client expects it.
import { AppError, type AppErrorCode } from '../../platform/errors';
import { TEAM_MESSAGES as M, type TeamReason } from '../../../shared/teams';

const CODES: Record<TeamReason, AppErrorCode> = {
  team_mode_only: 'CONFLICT',
  team_full: 'CONFLICT',
  team_too_small: 'CONFLICT',
  not_in_team: 'CONFLICT',
  already_in_team: 'CONFLICT',
  not_captain: 'FORBIDDEN',
  invite_exists: 'CONFLICT',
  no_invite: 'NOT_FOUND',
  team_registered: 'CONFLICT',
  team_name_taken: 'CONFLICT',
  started: 'CONFLICT',
  captain_leaves: 'CONFLICT',
  unknown_user: 'NOT_FOUND',
};

export function teamError(
  reason: TeamReason,
  message: string = M[reason],
  details?: Record<string, string | number>,
): AppError {
  return new AppError(CODES[reason], message, { reason, details });
}

export function teamNotFound(): AppError {
  return new AppError('NOT_FOUND', M.team_not_found);
}
