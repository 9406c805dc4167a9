// The Education Center: members list, search, read and save items; admins write them. Imports
// from WordPress are in wordpressImport.ts and end up in the same table.
import { slugify as slugifyTitle } from '../../../shared/slug';
import type { ActionOnRow, ActionWithInput } from '../../platform/actor';
import { and, count, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { educationContent, educationSaved, users } from '../../platform/db/schema';
import {
  containsPattern,
  dialect,
  likeCaseless,
  lockForUpdate,
  lockName,
} from '../../platform/db/dialect';
import type {
  EducationKind,
  TEducationCard,
  TEducationItem,
} from '../../../shared/schemas/education';
import { writeAudit, type Actor } from '../audit';
import { sanitizeImportedHtml } from './educationHtml';
import { AppError } from '../../platform/errors';
import { assertOwnUpload } from '../../platform/files/uploads';

export const CONTENT_NOT_FOUND = 'Content not found';

function cardColumns(actorId: number) {
  return {
    id: educationContent.id,
    wpId: educationContent.wpId,
    slug: educationContent.slug,
    kind: educationContent.kind,
    source: educationContent.source,
    title: educationContent.title,
    excerpt: educationContent.excerpt,
    featuredImage: educationContent.featuredImage,
    category: educationContent.category,
    tags: educationContent.tags,
    publishDate: educationContent.publishDate,
    lastSync: educationContent.lastSync,
    authorName: users.username,
    updatedAt: educationContent.updatedAt,
    saved: sql<number>`EXISTS (SELECT 1 FROM ${educationSaved} WHERE ${educationSaved.contentId} = ${educationContent.id} AND ${educationSaved.userId} = ${actorId})`,
  };
}

type CardRow = Omit<TEducationCard, 'saved'> & { saved: number | boolean };
const toCard = <T extends CardRow>(row: T) => ({ ...row, saved: Boolean(row.saved) });

/**
 * Titles and excerpts that contain the term, case-insensitively. From 3 characters on, a trigram
 * index answers without a scan: on SQLite the FTS5 table education_search (see
 * db/migrations/sqlite/0004_education.sql), on PostgreSQL pg_trgm's GIN index, which serves
 * ILIKE itself (db/migrations/pg/0001_search.sql). Shorter terms fall back to a scan of a table
 * that holds articles, not members.
 */
function searchCondition(term: string): SQL {
  if (dialect === 'sqlite' && [...term].length >= 3) {
    const phrase = `"${term.replace(/"/g, '""')}"`;
    return sql`${educationContent.id} IN (SELECT rowid FROM education_search WHERE education_search MATCH ${phrase})`;
  }
  const pattern = containsPattern(term);
  return or(
    likeCaseless(educationContent.title, pattern),
    likeCaseless(educationContent.excerpt, pattern),
  )!;
}

export async function listEducation({
  db,
  actor,
  search,
  kind,
  saved,
  page,
  pageSize,
}: {
  db: DB;
  actor: Pick<Actor, 'id'>;
  search?: string;
  kind?: EducationKind;
  saved?: boolean;
  page: number;
  pageSize: number;
}): Promise<{ items: TEducationCard[]; total: number; page: number; pageSize: number }> {
  const term = search?.trim();
  const where = and(
    kind ? eq(educationContent.kind, kind) : undefined,
    term ? searchCondition(term) : undefined,
    saved ? eq(educationSaved.userId, actor.id) : undefined,
  );
  // The Saved tab joins the member's own rows (newest saved first); the others list everything
  // newest published first. The id breaks ties so paging never repeats or skips an item.
  const base = db
    .select(cardColumns(actor.id))
    .from(educationContent)
    .leftJoin(users, eq(users.id, educationContent.authorId));
  const query = saved
    ? base
        .innerJoin(educationSaved, eq(educationSaved.contentId, educationContent.id))
        .where(where)
        .orderBy(
          desc(educationSaved.savedAt),
          // Two saves in the same millisecond: on SQLite the later save (a higher rowid)
          // first; PostgreSQL has no insertion order to read, so the newer item first.
          dialect === 'sqlite'
            ? desc(sql`"education_saved"."rowid"`)
            : desc(educationSaved.contentId),
        )
    : base.where(where).orderBy(desc(educationContent.publishDate), desc(educationContent.id));
  const rows = await query.limit(pageSize).offset((page - 1) * pageSize);
  const totalQuery = db.select({ n: count() }).from(educationContent);
  const [totalRow] = await (saved
    ? totalQuery
        .innerJoin(educationSaved, eq(educationSaved.contentId, educationContent.id))
        .where(where)
    : totalQuery.where(where));
  const total = totalRow?.n ?? 0;
  return { items: rows.map(toCard), total, page, pageSize };
}

async function findItem(
  db: DbOrTx,
  actorId: number,
  where: SQL,
): Promise<TEducationItem | undefined> {
  const [row] = await db
    .select({ ...cardColumns(actorId), content: educationContent.content })
    .from(educationContent)
    .leftJoin(users, eq(users.id, educationContent.authorId))
    .where(where)
    .limit(1);
  return row ? toCard(row) : undefined;
}

/** One item by its id (digits) or its slug. */
export async function getEducation({
  db,
  actor,
  idOrSlug,
}: {
  db: DbOrTx;
  actor: Pick<Actor, 'id'>;
  idOrSlug: string;
}): Promise<TEducationItem> {
  const id = /^[1-9][0-9]{0,15}$/.test(idOrSlug) ? Number(idOrSlug) : undefined;
  const item = await findItem(
    db,
    actor.id,
    id !== undefined && Number.isSafeInteger(id)
      ? eq(educationContent.id, id)
      : eq(educationContent.slug, idOrSlug.toLowerCase()),
  );
  if (!item) throw new AppError('NOT_FOUND', CONTENT_NOT_FOUND);
  return item;
}

async function assertExists(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: educationContent.id, title: educationContent.title, slug: educationContent.slug })
    .from(educationContent)
    .where(eq(educationContent.id, id));
  if (!row) throw new AppError('NOT_FOUND', CONTENT_NOT_FOUND);
  return row;
}

/** Saving and unsaving: the member (only their id counts) and the item. */
interface SaveRequest {
  db: DB;
  actor: Pick<Actor, 'id'>;
  id: number;
}

export async function saveEducation({ db, actor, id }: SaveRequest) {
  // Checked and saved in one transaction: an item deleted in between is a 404, never a broken
  // reference (the item's row is share-locked on PostgreSQL: many members may save it at once).
  await db.transaction(async (tx) => {
    await lockForUpdate(tx, educationContent, eq(educationContent.id, id), 'share');
    await assertExists(tx, id);
    // Saving twice keeps the first save (and its place in the Saved tab).
    await tx
      .insert(educationSaved)
      .values({ userId: actor.id, contentId: id })
      .onConflictDoNothing();
  });
  return { id, saved: true };
}

export async function unsaveEducation({ db, actor, id }: SaveRequest) {
  await assertExists(db, id);
  await db
    .delete(educationSaved)
    .where(and(eq(educationSaved.userId, actor.id), eq(educationSaved.contentId, id)));
  return { id, saved: false };
}

/** A URL-safe name from a title: 'Risk Management 101!' -> 'risk-management-101'. */
export function slugify(text: string): string {
  return slugifyTitle(text, 'item');
}

async function slugTaken(db: DbOrTx, slug: string, exceptId?: number): Promise<boolean> {
  // Two items taking one slug at once (PostgreSQL: two app servers) wait for each other.
  await lockName(db, 'education-slugs');
  const [row] = await db
    .select({ id: educationContent.id })
    .from(educationContent)
    .where(
      and(
        eq(educationContent.slug, slug),
        exceptId ? ne(educationContent.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The wanted slug if it is free, else the same with -2, -3, ... */
export async function freeSlug(db: DbOrTx, wanted: string, exceptId?: number): Promise<string> {
  if (!(await slugTaken(db, wanted, exceptId))) return wanted;
  const taken = new Set(
    (
      await db
        .select({ slug: educationContent.slug })
        .from(educationContent)
        .where(sql`${educationContent.slug} LIKE ${`${wanted}-%`}`)
    ).map((r) => r.slug),
  );
  let n = 2;
  while (taken.has(`${wanted}-${n}`)) n += 1;
  return `${wanted}-${n}`;
}

export interface EducationInput {
  title: string;
  kind: EducationKind;
  category: string | null;
  excerpt: string | null;
  content: string;
  tags: string[];
  featuredImage: string | null;
  slug: string | null;
}

function cleanTags(tags: string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tag.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

async function pickSlug(
  db: DbOrTx,
  input: EducationInput,
  exceptId?: number,
): Promise<string | undefined> {
  if (input.slug) {
    if (await slugTaken(db, input.slug, exceptId)) {
      throw new AppError('CONFLICT', 'This slug is already used by another item');
    }
    return input.slug;
  }
  return exceptId === undefined ? await freeSlug(db, slugify(input.title)) : undefined;
}

export async function createEducation({
  db,
  actor,
  input,
}: ActionWithInput<EducationInput>): Promise<TEducationItem> {
  if (input.featuredImage) {
    await assertOwnUpload({ db, actor, url: input.featuredImage, purposes: ['cover'] });
  }
  return db.transaction(async (tx) => {
    const slug = (await pickSlug(tx, input))!;
    const [inserted] = await tx
      .insert(educationContent)
      .values({
        slug,
        kind: input.kind,
        source: 'local',
        title: input.title,
        content: input.content,
        excerpt: input.excerpt,
        featuredImage: input.featuredImage,
        category: input.category,
        tags: cleanTags(input.tags),
        authorId: actor.id,
      })
      .returning({ id: educationContent.id });
    const id = inserted!.id;
    await writeAudit({
      db: tx,
      actor,
      action: 'education.create',
      targetType: 'education',
      targetId: id,
      after: { title: input.title, slug, kind: input.kind },
    });
    return (await findItem(tx, actor.id, eq(educationContent.id, id)))!;
  });
}

export async function updateEducation({
  db,
  actor,
  id,
  input,
}: ActionOnRow & { input: EducationInput }): Promise<TEducationItem> {
  // The item as it is decides what is written (its source, its picture): read in the write lock.
  return db.transaction(
    async (tx) => {
      const before = await findItem(tx, actor.id, eq(educationContent.id, id));
      if (!before) throw new AppError('NOT_FOUND', CONTENT_NOT_FOUND);
      // A picture already on the item may be another admin's upload; a new one must be the editor's.
      if (input.featuredImage && input.featuredImage !== before.featuredImage) {
        await assertOwnUpload({ db: tx, actor, url: input.featuredImage, purposes: ['cover'] });
      }
      // An imported item's body is HTML: whatever the editor sends is allow-listed again.
      const content =
        before.source === 'wordpress' ? sanitizeImportedHtml(input.content) : input.content;
      const slug = await pickSlug(tx, input, id);
      await tx
        .update(educationContent)
        .set({
          ...(slug ? { slug } : {}),
          kind: input.kind,
          title: input.title,
          content,
          excerpt: input.excerpt,
          featuredImage: input.featuredImage,
          category: input.category,
          tags: cleanTags(input.tags),
          updatedAt: new Date(),
        })
        .where(eq(educationContent.id, id));
      const after = (await findItem(tx, actor.id, eq(educationContent.id, id)))!;
      await writeAudit({
        db: tx,
        actor,
        action: 'education.update',
        targetType: 'education',
        targetId: id,
        before: { title: before.title, slug: before.slug, kind: before.kind },
        after: { title: after.title, slug: after.slug, kind: after.kind },
      });
      return after;
    },
    { behavior: 'immediate' },
  );
}

export async function deleteEducation({ db, actor, id }: ActionOnRow): Promise<void> {
  // Members' saves of it go through ON DELETE CASCADE in the same transaction.
  await db.transaction(
    async (tx) => {
      const before = await assertExists(tx, id);
      await tx.delete(educationContent).where(eq(educationContent.id, id));
      await writeAudit({
        db: tx,
        actor,
        action: 'education.delete',
        targetType: 'education',
        targetId: id,
        before: { title: before.title, slug: before.slug },
      });
    },
    { behavior: 'immediate' },
  );
}

/** How many items there are (the admin dashboard's 'Education Content' figure). */
export async function countEducation({ db }: { db: DB }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(educationContent);
  return row?.n ?? 0;
}
