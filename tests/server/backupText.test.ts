// The admin dashboard's backup card text (a pure client helper): the last backup's time and size,
// or, after `npm run restore`, which archive was restored and when, with that backup's own time.
import { describe, expect, it } from 'vitest';
import { lastBackupText } from '../../src/client/components/admin/dashboard/backupText';

describe('lastBackupText', () => {
  const backup = {
    at: new Date('2026-11-20T03:00:00Z'),
    size: 2048,
    fileName: 'contest-backup-2026-11-20T03-00-00-000Z.tar.gz',
    restoredAt: null,
  };

  it('says when the last backup was taken and its size', () => {
    expect(lastBackupText(backup, 'UTC')).toEqual({
      headline: 'Nov 20, 2026, 03:00 UTC · 2.0 KB',
      detail: null,
    });
  });

  it('says a restore: from which archive, when, and when that backup was taken', () => {
    expect(
      lastBackupText({ ...backup, restoredAt: new Date('2026-11-27T09:30:00Z') }, 'UTC'),
    ).toEqual({
      headline:
        'Restored from contest-backup-2026-11-20T03-00-00-000Z.tar.gz on Nov 27, 2026, 09:30 UTC',
      detail: 'That backup was taken Nov 20, 2026, 03:00 UTC · 2.0 KB.',
    });
  });
});
