// What a backup archive holds and says about itself. The archive is a .tar.gz of the database
// (`database.sqlite`, or `database.pgdump` in pg_dump's custom format), every file of the upload
// directory (`uploads/<name>`) and, last, `manifest.json`: the app's version, the engine, the
// migration level, the rows of every table, and the size and SHA-256 of every other member.
import { z } from 'zod';

export const MANIFEST_NAME = 'manifest.json';
export const DATABASE_MEMBER = { sqlite: 'database.sqlite', pg: 'database.pgdump' } as const;
export const UPLOADS_PREFIX = 'uploads/';

/** A file of the upload directory that a backup takes: a plain name, no dot files (probes). */
export const UPLOAD_MEMBER_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** The archives this platform names itself (backups a schedule may prune): sortable by time. */
export const ARCHIVE_NAME = /^contest-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar\.gz$/;

export function archiveName(at: Date): string {
  return `contest-backup-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz`;
}

const ZMemberSchema = z.object({
  name: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[a-f0-9]{64}$/),
});
export type ManifestMember = z.infer<typeof ZMemberSchema>;

export const ZManifestSchema = z.object({
  format: z.literal(1),
  app: z.literal('contest-platform'),
  appVersion: z.string(),
  createdAt: z.string(),
  engine: z.enum(['sqlite', 'pg']),
  migration: z.object({ level: z.number().int().nonnegative(), tag: z.string().nullable() }),
  tables: z.record(z.string(), z.number().int().nonnegative()),
  uploads: z.object({ count: z.number().int().nonnegative(), bytes: z.number().nonnegative() }),
  members: z.array(ZMemberSchema),
});
export type Manifest = z.infer<typeof ZManifestSchema>;

/** Whether a member's name is one a backup writes (anything else is refused on restore). */
export function isKnownMember(name: string, engine: 'sqlite' | 'pg'): boolean {
  if (name === DATABASE_MEMBER[engine]) return true;
  return (
    name.startsWith(UPLOADS_PREFIX) && UPLOAD_MEMBER_NAME.test(name.slice(UPLOADS_PREFIX.length))
  );
}
