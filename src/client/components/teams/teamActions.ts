// The team mutations of the Teams panel and the team page, each with its toast and the reads it
// changes (teams, where the caller stands with the contest, its board and counts).
import { TEAM_MESSAGES as M } from '../../../shared/teams';
import { errorMessage } from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';

const toasts = keyedToasts('team');

/**
 * A mutation's toasts: its success title, or 'Error' with the server's words. What it makes
 * stale (every screen that shows a team) is declared in lib/invalidation.
 */
function handlers(success: string, fallback: string) {
  return {
    onSuccess: () => toasts.success(success),
    onError: (error: unknown) => toasts.error('Error', errorMessage(error, fallback)),
  };
}

export function useTeamActions() {
  return {
    accept: trpc.teams.accept.useMutation(handlers(M.accepted, 'Failed to join the team')),
    decline: trpc.teams.decline.useMutation(
      handlers(M.declined, 'Failed to decline the invitation'),
    ),
    leave: trpc.teams.leave.useMutation(handlers(M.left, 'Failed to leave the team')),
    remove: trpc.teams.removeMember.useMutation(handlers(M.removed, 'Failed to remove the member')),
    transfer: trpc.teams.transferCaptain.useMutation(
      handlers(M.captainChanged, 'Failed to hand over the captaincy'),
    ),
    register: trpc.teams.register.useMutation(
      handlers(M.registered, 'Failed to register the team'),
    ),
  };
}

export type TeamActions = ReturnType<typeof useTeamActions>;
