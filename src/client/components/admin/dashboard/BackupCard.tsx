// The admin dashboard's backup card (issue 18): when the last backup was taken and how large it
// is (or, after a restore, what was restored and when), whether backups are scheduled, and the
// latest archive of BACKUP_DIR to download.
import { Button, Card, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { formatBytes } from '../../../../shared/format';
import { BACKUP_DOWNLOAD_PATH, type TBackupStatus } from '../../../../shared/schemas/operations';
import { trpc } from '../../../lib/trpc';
import { useLoadErrorToast } from '../../../lib/useLoadErrorToast';
import { lastBackupText } from './backupText';

function scheduleText(status: TBackupStatus): string {
  if (!status.configured) {
    return 'Scheduled backups are off: set BACKUP_DIR on the server to turn them on.';
  }
  if (status.intervalHours === null) {
    return 'Scheduled backups are off (BACKUP_INTERVAL_HOURS is 0): only backups taken with npm run backup.';
  }
  const every = status.intervalHours === 1 ? 'hour' : `${status.intervalHours} hours`;
  return `A backup is taken every ${every}; the newest ${status.keep} are kept.`;
}

export function BackupCard() {
  const status = trpc.operations.backupStatus.useQuery();
  useLoadErrorToast(status.error, 'Failed to load backups', 'Failed to load backups');
  const data = status.data;
  const last = data?.last ? lastBackupText(data.last) : null;
  return (
    <Stack as="section" gap="3">
      <Heading as="h2" size="md">
        Backups
      </Heading>
      <Card.Root role="group" aria-label="Last Backup" size="sm">
        <Card.Body gap="1">
          <Text color="fg.muted" fontSize="sm">
            Last Backup
          </Text>
          {!data ? (
            <Skeleton h="8" w="60" />
          ) : last ? (
            <>
              <Text fontSize="xl" fontWeight="bold">
                {last.headline}
              </Text>
              {last.detail ? <Text fontSize="sm">{last.detail}</Text> : null}
            </>
          ) : (
            <Text fontSize="xl" fontWeight="bold">
              No backup taken yet
            </Text>
          )}
          {data ? (
            <Text color="fg.muted" fontSize="sm">
              {scheduleText(data)}
            </Text>
          ) : null}
          {data?.latest ? (
            <Button asChild size="sm" variant="outline" alignSelf="flex-start" mt="2">
              <a href={BACKUP_DOWNLOAD_PATH} download={data.latest.fileName}>
                <Download aria-hidden /> Download latest backup ({formatBytes(data.latest.size)})
              </a>
            </Button>
          ) : null}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
