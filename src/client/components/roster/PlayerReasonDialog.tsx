// Remove a player before the start, or disqualify one after it (issue 29 point 3), with a reason
// the player is told. A disqualified player's unplayed matches become forfeits.
import { Stack, Text } from '@chakra-ui/react';
import { REASON_MAX, ZPlayerReasonForm, type TRosterPlayer } from '../../../shared/schemas/roster';
import { errorMessage } from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { DialogFormActions } from '../common/FormButtons';
import { RowFormDialog } from '../common/RowFormDialog';
import { ReasonField } from '../common/ReasonField';

const toasts = keyedToasts('playerReason');

export type ReasonAction = 'remove' | 'disqualify';

export interface ReasonTarget {
  action: ReasonAction;
  player: TRosterPlayer;
}

const WORDS = {
  remove: {
    title: 'Remove player',
    submit: 'Remove player',
    done: 'Player removed',
    failed: 'The player could not be removed',
    explain: (name: string) =>
      `${name} leaves the contest before it starts. They are told the reason.`,
  },
  disqualify: {
    title: 'Disqualify player',
    submit: 'Disqualify player',
    done: 'Player disqualified',
    failed: 'The player could not be disqualified',
    explain: (name: string) =>
      `Every unplayed match of ${name} becomes a forfeit and their opponents advance. They are marked DQ and told the reason.`,
  },
} as const;

export function PlayerReasonDialog({
  contestId,
  target,
  onClose,
}: {
  contestId: number;
  target: ReasonTarget | null;
  onClose: () => void;
}) {
  const handlers = (action: ReasonAction) => ({
    onSuccess: (player: TRosterPlayer) => {
      toasts.success(WORDS[action].done, player.username);
      onClose();
    },
    onError: (error: unknown) => toasts.error('Error', errorMessage(error, WORDS[action].failed)),
  });
  const remove = trpc.roster.remove.useMutation(handlers('remove'));
  const disqualify = trpc.roster.disqualify.useMutation(handlers('disqualify'));
  const words = WORDS[target?.action ?? 'remove'];
  return (
    <RowFormDialog
      row={target}
      title={words.title}
      onClose={onClose}
      form={({ action, player }) => ({
        initialValues: { reason: '' },
        schema: ZPlayerReasonForm,
        submit: (values) =>
          (action === 'remove' ? remove : disqualify).mutateAsync({
            contestId,
            userId: player.userId,
            reason: values.reason,
          }),
      })}
    >
      {({ action, player }) => (
        <Stack gap="4">
          <Text>{WORDS[action].explain(player.username)}</Text>
          <ReasonField maxLength={REASON_MAX} />
          <DialogFormActions
            onCancel={onClose}
            submitLabel={WORDS[action].submit}
            colorPalette="red"
          />
        </Stack>
      )}
    </RowFormDialog>
  );
}
