// Account Settings > Notifications: per kind, in-app only or in-app and e-mail. Each choice is
// saved when it is made.
import { SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_KIND_INFO,
  type NotificationChannel,
  type NotificationKind,
} from '../../../shared/notifications';
import { NOTIFICATION_MESSAGES } from '../../../shared/schemas/notifications';
import { errorMessage } from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { toastOutcome } from '../../lib/toastOutcome';
import { trpc } from '../../lib/trpc';
import { labelledOptions, SelectFilter } from '../common/SelectFilter';

const toasts = keyedToasts('notification-preferences');

const CHANNEL_OPTIONS = labelledOptions(NOTIFICATION_CHANNELS, NOTIFICATION_CHANNEL_LABELS);

export function NotificationPreferencesCard() {
  const utils = trpc.useUtils();
  const prefs = trpc.notifications.preferences.useQuery();
  const save = trpc.notifications.setPreferences.useMutation(
    toastOutcome(toasts, {
      success: NOTIFICATION_MESSAGES.saved,
      failure: 'Failed to save your choice',
      then: (data) => utils.notifications.preferences.setData(undefined, data),
    }),
  );
  if (prefs.isLoading) return <Spinner size="sm" aria-label="Loading notification preferences" />;
  if (!prefs.data) {
    return (
      <Text color="red.fg">{errorMessage(prefs.error, 'Failed to load your preferences')}</Text>
    );
  }
  const choose = (kind: NotificationKind, channel: NotificationChannel) =>
    save.mutate({ preferences: [{ kind, channel }] });
  return (
    <Stack gap="4">
      <Text fontSize="sm" color="fg.muted">
        Everything shows under the bell. Choose what also comes by e-mail.
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {prefs.data.preferences.map((p) => {
          const info = NOTIFICATION_KIND_INFO[p.kind];
          return (
            <SelectFilter
              key={p.kind}
              label={info.label}
              disabled={save.isPending}
              value={p.channel}
              options={CHANNEL_OPTIONS}
              onChange={(channel) => choose(p.kind, channel)}
              helperText={info.description}
            />
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
