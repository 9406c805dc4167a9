// The admin dashboard's backup card in a real browser: with backups off it says so; once a backup
// is taken it shows its time and size, and the admin downloads the latest archive from it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackup, recordLastBackup } from '../../src/server/domain/operations';
import { formatBytes } from '../../src/shared/format';
import { createUser } from '../helpers/db';
import { standaloneStage } from './stage';

const stage = standaloneStage({}, { viewport: { width: 1280, height: 900 } });

describe('Backups on the admin dashboard', () => {
  it('says when there is no backup, then shows the last one and downloads it', async () => {
    const { s } = stage;
    const admin = await createUser(s.db, { role: 'admin', username: 'e2e_backup_admin' });
    const page = await stage.pageAs(admin);
    await page.goto(stage.url('/admin'));
    const card = page.getByRole('group', { name: 'Last Backup' });
    await card.getByText('No backup taken yet').waitFor();
    await card.getByText(/Scheduled backups are off: set BACKUP_DIR/).waitFor();
    expect(await card.getByRole('link', { name: /Download latest backup/ }).count()).toBe(0);

    // BACKUP_DIR set on the server, and a backup taken into it.
    const dir = path.join(s.dir, 'backups');
    s.deps.backups = { dir, intervalHours: 24, keep: 7 };
    const backup = await createBackup({
      target: { databaseUrl: s.env.DATABASE_URL || undefined, databasePath: s.env.DATABASE_PATH },
      uploadDir: s.deps.uploadDir,
      privateDir: s.deps.privateDir,
      out: path.join(dir, 'contest-backup-2026-11-20T03-00-00-000Z.tar.gz'),
    });
    await recordLastBackup(s.db, backup);
    await page.reload();
    await card.getByText(formatBytes(backup.size), { exact: false }).first().waitFor();
    await card.getByText('A backup is taken every 24 hours; the newest 7 are kept.').waitFor();
    const download = page.waitForEvent('download');
    await card.getByRole('link', { name: /Download latest backup/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('contest-backup-2026-11-20T03-00-00-000Z.tar.gz');
    const saved = path.join(s.dir, 'downloaded.tar.gz');
    await file.saveAs(saved);
    expect(fs.readFileSync(saved).equals(fs.readFileSync(backup.file))).toBe(true);
  });
});
