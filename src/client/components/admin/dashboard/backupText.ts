// The backup card's headline and detail for the last backup, or for the restore of one: after
// `npm run restore` the record is the restored archive's, and the card says it came back from it.
import { formatBytes, formatDateTime } from '../../../../shared/format';
import type { TBackupStatus } from '../../../../shared/schemas/operations';

export type LastBackupRecord = NonNullable<TBackupStatus['last']>;

/** `timeZone` is the viewer's own unless given (tests name one). */
export function lastBackupText(
  last: LastBackupRecord,
  timeZone?: string,
): { headline: string; detail: string | null } {
  const taken = `${formatDateTime(last.at, timeZone)} · ${formatBytes(last.size)}`;
  if (!last.restoredAt) return { headline: taken, detail: null };
  return {
    headline: `Restored from ${last.fileName} on ${formatDateTime(last.restoredAt, timeZone)}`,
    detail: `That backup was taken ${taken}.`,
  };
}
