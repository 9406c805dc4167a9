// The organiser sets (or clears) when a match is played; the players see it on the bracket, in
// the matches list and in 'My next match', in their own time zone.
import { Button, Stack, Text } from '@chakra-ui/react';
import { z } from 'zod';
import { ZScheduleMatchInput, type TMatch } from '../../../shared/schemas/tournaments';
import { errorMessage } from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import type { ZodFormOptions } from '../../lib/useZodForm';
import { FormField } from '../common/FormField';
import { DialogFormActions } from '../common/FormButtons';
import { RowFormDialog } from '../common/RowFormDialog';
import { toLocalInput } from '../contests/wizard/formValues';
import type { MatchDialogProps } from './MatchResultDialog';
import { roundLabel, scoreLine } from './tournamentDisplay';

const toasts = keyedToasts('scheduleMatch');

/** The dialog's one field: the request's date as a datetime-local input holds it, empty to clear. */
const ZScheduleForm = z.object({ when: ZScheduleMatchInput.shape.scheduledAt.optional() });

export function ScheduleMatchDialog({ match, onClose }: MatchDialogProps) {
  const schedule = trpc.tournaments.schedule.useMutation({
    onSuccess: (saved) => {
      toasts.success(saved.scheduledAt ? 'Match scheduled' : 'Schedule cleared');
      onClose();
    },
    onError: (error) =>
      toasts.error('Schedule not saved', errorMessage(error, 'The match could not be scheduled')),
  });
  const scheduleForm = (match: TMatch): ZodFormOptions<{ when: string }, unknown> => ({
    initialValues: { when: toLocalInput(match.scheduledAt) },
    schema: ZScheduleForm,
    submit: (values) =>
      schedule.mutateAsync({
        matchId: match.id,
        scheduledAt: values.when ? new Date(values.when) : null,
      }),
  });
  return (
    <RowFormDialog row={match} title="Schedule match" onClose={onClose} form={scheduleForm}>
      {(match) => (
        <Stack gap="4">
          <Text>
            {roundLabel(match)}, match {match.number}: {scoreLine(match)}.
          </Text>
          <FormField
            name="when"
            label="Date and time"
            type="datetime-local"
            helperText="In your time zone. Leave it empty to clear the schedule."
          />
          {match.scheduledAt ? (
            <Button
              variant="ghost"
              size="sm"
              alignSelf="flex-start"
              loading={schedule.isPending && schedule.variables?.scheduledAt === null}
              onClick={() => schedule.mutate({ matchId: match.id, scheduledAt: null })}
            >
              Clear schedule
            </Button>
          ) : null}
          <DialogFormActions onCancel={onClose} submitLabel="Save schedule" />
        </Stack>
      )}
    </RowFormDialog>
  );
}
