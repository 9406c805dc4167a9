// The organiser's 'Open discussion to every signed-in member' switch (discussion.setOpen): saved
// as soon as it changes, shown in the Discussion tab's organiser bar and the Edit Contest dialog.
import { Stack, Switch, Text } from '@chakra-ui/react';
import { keyedToasts } from '../../lib/toaster';
import { toastOutcome } from '../../lib/toastOutcome';
import { trpc } from '../../lib/trpc';

const toasts = keyedToasts('openDiscussion');

export function OpenDiscussionSwitch({ contestId, open }: { contestId: number; open: boolean }) {
  const setOpen = trpc.discussion.setOpen.useMutation(
    toastOutcome(toasts, {
      success: (r: { open: boolean }) => [
        r.open ? 'Discussion opened' : 'Discussion limited',
        r.open
          ? 'Every signed-in member can now post.'
          : 'Only participants, the organiser and staff can post.',
      ],
      failure: 'The switch could not be saved',
    }),
  );
  const checked = setOpen.isPending ? !!setOpen.variables?.open : open;
  return (
    <Stack gap="1">
      <Switch.Root
        checked={checked}
        disabled={setOpen.isPending}
        onCheckedChange={(e) => setOpen.mutate({ contestId, open: e.checked })}
        colorPalette="purple"
      >
        <Switch.HiddenInput />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>Open discussion to every signed-in member</Switch.Label>
      </Switch.Root>
      <Text fontSize="sm" color="fg.muted" ps="12">
        Off: only participants, the organiser and staff can post.
      </Text>
    </Stack>
  );
}
