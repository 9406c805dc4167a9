// The team mutations of the Teams panel and the team page, each with its toast and the reads it
// changes (teams, where the caller stands with the contest, its board and counts).
import { TEAM_MESSAGES as M } from '../../../shared/teams';
import { errorMessage } from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';

const toasts = keyedToasts('team');

/** Reads every screen that shows a team again after a change. */
export function useTeamsChanged() {
  const utils = trpc.useUtils();
  return () => {
    void utils.teams.invalidate();
    void utils.participation.status.invalidate();
    void utils.leaderboard.invalidate();
    void utils.contests.invalidate();
    void utils.me.invalidate();
    void utils.notifications.invalidate();
  };
}

/** A mutation's toasts: its success title, or 'Error' with the server's words. */
function handlers(success: string, fallback: string, changed: () => void) {
  return {
    onSuccess: () => {
      toasts.success(success);
      changed();
    },
    onError: (error: unknown) => {
      toasts.error('Error', errorMessage(error, fallback));
      changed();
    },
  };
}

export function useTeamActions() {
  const changed = useTeamsChanged();
  return {
    accept: trpc.teams.accept.useMutation(handlers(M.accepted, 'Failed to join the team', changed)),
    decline: trpc.teams.decline.useMutation(
      handlers(M.declined, 'Failed to decline the invitation', changed),
    ),
    leave: trpc.teams.leave.useMutation(handlers(M.left, 'Failed to leave the team', changed)),
    remove: trpc.teams.removeMember.useMutation(
      handlers(M.removed, 'Failed to remove the member', changed),
    ),
    transfer: trpc.teams.transferCaptain.useMutation(
      handlers(M.captainChanged, 'Failed to hand over the captaincy', changed),
    ),
    register: trpc.teams.register.useMutation(
      handlers(M.registered, 'Failed to register the team', changed),
    ),
  };
}

export type TeamActions = ReturnType<typeof useTeamActions>;
