import { Button, Stack, Text } from '@chakra-ui/react';
import type { TEducationCard } from '../../../../shared/schemas/education';
import { errorMessage } from '../../../lib/errors';
import { keyedToasts } from '../../../lib/toaster';
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
  const remove = trpc.education.delete.useMutation({
    onSuccess: () => {
      toasts.success('Content deleted');
      onClose();
    },
    onError: (error) => toasts.error('Error', errorMessage(error, 'Failed to delete content')),
  });
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
