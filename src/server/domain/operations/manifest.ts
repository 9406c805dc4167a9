// What a backup archive holds and says about itself. The archive is a .tar.gz of the database
// (`database.sqlite`, or `database.pgdump` in pg_dump's custom format), every file of the upload
// directory (`uploads/<name>`), every file of the private directory (`private/<relative path>`,
// issue 31: answer keys, samples, submitted files) and, last, `manifest.json`: the app's version,
// the engine, the migration level, the rows of every table, the count and bytes of the uploads
// and of the private files, and the size and SHA-256 of every other member. Archives taken before
// the private directory was backed up have no `private` figures and no `private/` members.
import { z } from 'zod';

export const MANIFEST_NAME = 'manifest.json';
export const DATABASE_MEMBER = { sqlite: 'database.sqlite', pg: 'database.pgdump' } as const;
export const UPLOADS_PREFIX = 'uploads/';
export const PRIVATE_PREFIX = 'private/';

/** A file of the upload directory that a backup takes: a plain name, no dot files (probes). */
export const UPLOAD_MEMBER_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/**
 * One folder or file name of a path under the private directory: the upload rule, so never `.`,
 * `..`, a dot file, a slash or a backslash.
 */
const PRIVATE_SEGMENT = UPLOAD_MEMBER_NAME;
/** How deep a private file may sit (the storage uses one level: `<kind>/<name>`). */
const PRIVATE_MAX_DEPTH = 8;

/**
 * Whether `relative` (slash-separated, below the private directory) is a path a backup writes and
 * a restore accepts: a few plain names, so nothing absolute and nothing that climbs out.
 */
export function isPrivateRelativePath(relative: string): boolean {
  const segments = relative.split('/');
  return (
    segments.length <= PRIVATE_MAX_DEPTH &&
    segments.every((segment) => PRIVATE_SEGMENT.test(segment))
  );
}

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
  /** Absent in archives taken before the private directory was backed up. */
  private: z
    .object({ count: z.number().int().nonnegative(), bytes: z.number().nonnegative() })
    .optional(),
  members: z.array(ZMemberSchema),
});
export type Manifest = z.infer<typeof ZManifestSchema>;

/** Whether a member's name is one a backup writes (anything else is refused on restore). */
export function isKnownMember(name: string, engine: 'sqlite' | 'pg'): boolean {
  if (name === DATABASE_MEMBER[engine]) return true;
  if (name.startsWith(PRIVATE_PREFIX)) {
    return isPrivateRelativePath(name.slice(PRIVATE_PREFIX.length));
  }
  return (
    name.startsWith(UPLOADS_PREFIX) && UPLOAD_MEMBER_NAME.test(name.slice(UPLOADS_PREFIX.length))
  );
}
