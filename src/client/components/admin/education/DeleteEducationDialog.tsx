import { Button, Stack, Text } from '@chakra-ui/react';
import type { TEducationCard } from '../../../../shared/schemas/education';
import { keyedToasts } from '../../../lib/toaster';
import { toastOutcome } from '../../../lib/toastOutcome';
import { trpc } from '../../../lib/trpc';
import { AppDialog } from '../../common/AppDialog';

const toasts = keyedToasts('deleteEducation');

export function DeleteEducationDialog({
  item,
  onClose,
}: {
  item: TEducationCard | null;
  onClose: () => void;
}) {
  const remove = trpc.education.delete.useMutation(
    toastOutcome(toasts, {
      success: 'Content deleted',
      failure: 'Failed to delete content',
      then: onClose,
    }),
  );
  return (
    <AppDialog
      open={Boolean(item)}
      onClose={onClose}
      title="Delete Content"
      role="alertdialog"
      footer={
        <Stack direction="row" gap="2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            colorPalette="red"
            loading={remove.isPending}
            onClick={() => item && remove.mutate({ id: item.id })}
          >
            Delete
          </Button>
        </Stack>
      }
    >
      <Text>
        Are you sure you want to delete <strong>{item?.title}</strong>? Members who saved it lose it
        from their saved items. This cannot be undone
        {item?.source === 'wordpress' ? ', though a new import from its site brings it back' : ''}.
      </Text>
    </AppDialog>
  );
}
