// The match mutations of the bracket screens (report, confirm, dispute, decide) with their
// toasts. A refusal is told in the server's words (an edit refused because later matches are
// played, a draw where the format has none); every success reads the bracket, the standings,
// the matches and the next match again (the live stream does too, for everyone else).
import { errorMessage } from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';

const toasts = keyedToasts('matchAction');

export function useMatchActions({ onDone }: { onDone?: () => void } = {}) {
  // Success or not, the bracket is read again (lib/invalidation): the match may have moved on.
  const failed = (title: string) => (error: unknown) =>
    toasts.error(title, errorMessage(error, 'The match could not be changed'));
  const report = trpc.tournaments.report.useMutation({
    onSuccess: (match) => {
      // A participant's own report waits for the opponent; the organiser's stands at once.
      if (match.report.state === 'pending') {
        toasts.success('Result reported', 'Your opponent confirms or disputes it.');
      } else {
        toasts.success('Result saved');
      }
      onDone?.();
    },
    onError: failed('Result not saved'),
  });
  const confirm = trpc.tournaments.confirm.useMutation({
    onSuccess: () => {
      toasts.success('Result confirmed');
      onDone?.();
    },
    onError: failed('Result not confirmed'),
  });
  const dispute = trpc.tournaments.dispute.useMutation({
    onSuccess: () => {
      toasts.success('Result disputed', 'A moderator will look at the match.');
      onDone?.();
    },
    onError: failed('Dispute not sent'),
  });
  const decide = trpc.tournaments.decide.useMutation({
    onSuccess: () => {
      toasts.success('Result decided', 'Both players are told.');
      onDone?.();
    },
    onError: failed('Result not decided'),
  });
  return { report, confirm, dispute, decide };
}
