// GET /api/admin/backups/latest (the newest archive of BACKUP_DIR) and GET /api/admin/backups
// (the dashboard's backup card): admins only. An admin gets the archive's bytes as a download;
// a moderator, a member or a member still to replace a temporary password gets 403, nobody
// signed in 401. Without BACKUP_DIR, or with nothing in it, there is nothing to download (404).
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/platform/db/schema';
import {
  createBackup,
  recordLastBackup,
  type BackupResult,
} from '../../src/server/domain/operations';
import { sessionCookie } from '../helpers/accounts';
import { createUser, type CreatedUser } from '../helpers/db';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let admin: CreatedUser;
let moderator: CreatedUser;
let member: CreatedUser;
let restricted: CreatedUser;
let dir: string;
let backup: BackupResult;

beforeAll(async () => {
  s = await startTestServer();
  admin = await createUser(s.db, { role: 'admin' });
  moderator = await createUser(s.db, { role: 'moderator' });
  member = await createUser(s.db);
  restricted = await createUser(s.db, { role: 'admin' });
  await s.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, restricted.id));
  dir = path.join(s.dir, 'backups');
  backup = await createBackup({
    target: { databaseUrl: s.env.DATABASE_URL || undefined, databasePath: s.env.DATABASE_PATH },
    uploadDir: s.deps.uploadDir,
    privateDir: s.deps.privateDir,
    out: path.join(dir, 'contest-backup-2026-11-20T03-00-00-000Z.tar.gz'),
  });
  await recordLastBackup(s.db, backup);
});
afterAll(() => s?.stop());

async function get(url: string, user?: CreatedUser) {
  const cookie = user ? await sessionCookie(s, user.id) : '';
  return fetch(`${s.url}${url}`, { headers: cookie ? { cookie } : {} });
}

describe('GET /api/admin/backups/latest', () => {
  it('gives an admin the newest archive as a download', async () => {
    s.deps.backups = { dir, intervalHours: 24, keep: 7 };
    // An older archive, and a file that is no archive of ours: neither is served.
    fs.writeFileSync(path.join(dir, 'contest-backup-2026-01-01T00-00-00-000Z.tar.gz'), 'older');
    fs.writeFileSync(path.join(dir, 'zz-notes.tar.gz'), 'not ours');
    const res = await get('/api/admin/backups/latest', admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    expect(res.headers.get('content-disposition')).toContain(
      'attachment; filename="contest-backup-2026-11-20T03-00-00-000Z.tar.gz"',
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await res.arrayBuffer()).equals(fs.readFileSync(backup.file))).toBe(true);
  });

  const refused: Array<[string, () => CreatedUser | undefined, number]> = [
    ['a moderator', () => moderator, 403],
    ['a member', () => member, 403],
    ['an admin still to replace a temporary password', () => restricted, 403],
    ['nobody signed in', () => undefined, 401],
  ];
  it.each(refused)('refuses %s (%i), sending no archive', async (_, who, status) => {
    s.deps.backups = { dir, intervalHours: 24, keep: 7 };
    const res = await get('/api/admin/backups/latest', who());
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await res.json()) as { message: string }).message).toBeTruthy();
  });

  it('answers 404 when BACKUP_DIR is not set or holds no archive', async () => {
    s.deps.backups = undefined;
    const off = await get('/api/admin/backups/latest', admin);
    expect(off.status).toBe(404);
    expect(await off.json()).toMatchObject({ message: 'There is no backup archive to download.' });
    s.deps.backups = { dir: path.join(s.dir, 'empty'), intervalHours: 24, keep: 7 };
    expect((await get('/api/admin/backups/latest', admin)).status).toBe(404);
  });

  it('takes nothing from the request as a path', async () => {
    s.deps.backups = { dir, intervalHours: 24, keep: 7 };
    for (const url of [
      '/api/admin/backups/latest/../../../etc/passwd',
      '/api/admin/backups/latest?file=../../app.db',
      '/api/admin/backups/%2e%2e%2fapp.db',
    ]) {
      const res = await get(url, admin);
      if (res.status === 200) {
        // Only ever the newest archive itself.
        expect(Buffer.from(await res.arrayBuffer()).equals(fs.readFileSync(backup.file))).toBe(
          true,
        );
      } else expect(res.status).toBe(404);
    }
  });
});

describe('GET /api/admin/backups', () => {
  it('tells an admin the last backup, the schedule and the archive to download', async () => {
    s.deps.backups = { dir, intervalHours: 12, keep: 3 };
    const res = await get('/api/admin/backups', admin);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      configured: true,
      intervalHours: 12,
      keep: 3,
      last: {
        at: backup.manifest.createdAt,
        size: backup.size,
        fileName: path.basename(backup.file),
        restoredAt: null,
      },
      latest: { fileName: path.basename(backup.file), size: backup.size },
    });
    expect((await get('/api/admin/backups', moderator)).status).toBe(403);
  });

  it('says when scheduled backups are off', async () => {
    s.deps.backups = { dir, intervalHours: 0, keep: 7 };
    expect(await (await get('/api/admin/backups', admin)).json()).toMatchObject({
      configured: true,
      intervalHours: null,
      keep: null,
    });
    s.deps.backups = undefined;
    expect(await (await get('/api/admin/backups', admin)).json()).toMatchObject({
      configured: false,
      latest: null,
    });
  });
});
