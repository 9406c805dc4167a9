// Imports a WordPress site's posts into the Education Center through its REST API
// (/wp-json/wp/v2/posts, page by page, with _embed for featured images and terms). Posts are
// matched by their WordPress id: a re-import updates in place, never duplicates, and tells an
// unchanged post by a digest of what was stored. Each page is written in one transaction, so a
// failure part-way (network, timeout, a non-WordPress answer) keeps what earlier pages wrote and
// leaves everything else as it was.
import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { DB } from '../../platform/db/client';
import { educationContent } from '../../platform/db/schema';
import {
  EDUCATION_LIMITS,
  type TImportProgress,
  type TImportRefusal,
} from '../../../shared/schemas/education';
import { writeAudit, type Actor } from '../audit';
import { freeSlug, slugify } from './education';
import { clip, htmlToText, sanitizeImportedHtml } from './educationHtml';
import { AppError } from '../../platform/errors';
import {
  assertPublicHost,
  FetchRefusedError,
  parseFetchableUrl,
  safeGet,
} from '../../platform/safeFetch';
import { storeUpload } from '../../platform/files/uploads';

export const IMPORT_DEFAULTS = {
  perPage: 20,
  /** Per request (a page of posts, or one featured image). */
  timeoutMs: 20_000,
  /** 100 pages of 20: more than a blog a platform like this imports at once. */
  maxPages: 100,
  maxPageBytes: 20 * 1024 * 1024,
  maxImageBytes: 3 * 1024 * 1024,
} as const;

const MAX_REFUSALS_KEPT = 50;

export interface ImportOptions {
  db: DB;
  actor: Actor;
  uploadDir: string;
  siteUrl: string;
  allowPrivate?: boolean;
  timeoutMs?: number;
  perPage?: number;
  /** Told after every page. */
  onProgress?: (progress: TImportProgress) => void;
}

/** An import that stopped: the message for the admin, and what was done before it stopped. */
export class ImportFailedError extends AppError {
  readonly progress: TImportProgress;
  /** Not the site's or the network's doing: worth a line in the server's log. */
  readonly unexpected: boolean;
  constructor(message: string, progress: TImportProgress, cause?: unknown, unexpected = false) {
    super('BAD_REQUEST', message);
    this.progress = progress;
    this.cause = cause;
    this.unexpected = unexpected;
  }
}

/** The posts endpoint of a site, from the address an admin typed (the site's home page). */
export function postsEndpoint(siteUrl: string): URL {
  const url = parseFetchableUrl(siteUrl.trim());
  // Someone may paste the API address itself; everything from /wp-json on is ours to build.
  const at = url.pathname.indexOf('/wp-json');
  const path = (at >= 0 ? url.pathname.slice(0, at) : url.pathname).replace(/\/+$/, '');
  return new URL(`${url.origin}${path}/wp-json/wp/v2/posts`);
}

/** Checks the address before a job starts: http(s), no credentials, public unless allowed. */
export async function assertImportableSite(siteUrl: string, allowPrivate: boolean): Promise<URL> {
  try {
    const endpoint = postsEndpoint(siteUrl);
    await assertPublicHost(endpoint, allowPrivate);
    return endpoint;
  } catch (error) {
    if (error instanceof FetchRefusedError) throw new AppError('BAD_REQUEST', error.message);
    throw error;
  }
}

const ZRendered = z.object({ rendered: z.string() });

const ZWordPressPost = z.object({
  id: z.number().int().positive(),
  date: z.string(),
  date_gmt: z.string().nullish(),
  slug: z.string().default(''),
  link: z.string().optional(),
  title: ZRendered,
  content: ZRendered.extend({ protected: z.boolean().optional() }),
  excerpt: ZRendered.optional(),
  _embedded: z
    .object({
      'wp:featuredmedia': z
        .array(
          z.object({
            source_url: z.string().optional(),
            media_type: z.string().optional(),
            media_details: z
              .object({
                sizes: z.record(z.string(), z.object({ source_url: z.string() })).optional(),
              })
              .optional(),
          }),
        )
        .optional(),
      'wp:term': z.array(z.array(z.object({ name: z.string(), taxonomy: z.string() }))).optional(),
    })
    .optional(),
});
type WordPressPost = z.infer<typeof ZWordPressPost>;

interface PreparedPost {
  wpId: number;
  slug: string;
  title: string;
  content: string;
  excerpt: string | null;
  category: string | null;
  tags: string[];
  publishDate: Date;
  featuredSource: string | null;
  hash: string;
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'the post';
  return `Malformed post: ${where} ${issue?.code === 'invalid_type' ? 'is missing or of the wrong type' : 'is not valid'}`;
}

function publishDateOf(post: WordPressPost): Date | undefined {
  // date_gmt is UTC without a zone; date is the site's local time (used only without date_gmt).
  const candidates = [post.date_gmt ? `${post.date_gmt}Z` : undefined, post.date];
  for (const value of candidates) {
    if (!value) continue;
    const time = Date.parse(value);
    if (!Number.isNaN(time)) return new Date(time);
  }
  return undefined;
}

function featuredSourceOf(post: WordPressPost): string | null {
  const media = post._embedded?.['wp:featuredmedia']?.[0];
  if (!media || (media.media_type && media.media_type !== 'image')) return null;
  // A bounded size when WordPress made one: the original upload may be many megabytes.
  const sizes = media.media_details?.sizes;
  return sizes?.large?.source_url ?? sizes?.medium_large?.source_url ?? media.source_url ?? null;
}

/** WordPress keeps non-ASCII slugs percent-encoded ('caf%c3%a9'). */
function decodedSlug(slug: string): string {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}

/** A post as it will be stored, or the reason it is refused. */
function preparePost(raw: unknown, siteBase: string): PreparedPost | TImportRefusal {
  const rawId = (raw as { id?: unknown } | null)?.id;
  const wpId = typeof rawId === 'number' && Number.isSafeInteger(rawId) ? rawId : null;
  const parsed = ZWordPressPost.safeParse(raw);
  if (!parsed.success) return { wpId, title: null, reason: describeIssue(parsed.error) };
  const post = parsed.data;
  const title = clip(htmlToText(post.title.rendered), EDUCATION_LIMITS.title) || `Post ${post.id}`;
  if (post.content.protected) {
    return { wpId: post.id, title, reason: 'The post is password-protected' };
  }
  const publishDate = publishDateOf(post);
  if (!publishDate) return { wpId: post.id, title, reason: 'Malformed post: date is not a date' };
  const base = post.link && /^https?:\/\//.test(post.link) ? post.link : siteBase;
  const content = sanitizeImportedHtml(post.content.rendered, base);
  if (!content) return { wpId: post.id, title, reason: 'The post has no content' };
  if (content.length > EDUCATION_LIMITS.content * 2) {
    return { wpId: post.id, title, reason: 'The post is too long to import' };
  }
  const excerptText = post.excerpt ? htmlToText(post.excerpt.rendered) : '';
  const terms = (post._embedded?.['wp:term'] ?? []).flat();
  const category =
    terms.find((t) => t.taxonomy === 'category' && t.name.trim())?.name.trim() ?? null;
  const tags = terms
    .filter((t) => t.taxonomy === 'post_tag')
    .map((t) => clip(htmlToText(t.name), EDUCATION_LIMITS.tag))
    .filter(Boolean)
    .slice(0, EDUCATION_LIMITS.tags);
  const prepared = {
    wpId: post.id,
    slug: slugify(decodedSlug(post.slug) || title),
    title,
    content,
    excerpt: excerptText ? clip(excerptText, EDUCATION_LIMITS.excerpt) : null,
    category: category ? clip(htmlToText(category), EDUCATION_LIMITS.category) : null,
    tags,
    publishDate,
    featuredSource: featuredSourceOf(post),
  };
  const hash = crypto
    .createHash('sha256')
    .update(JSON.stringify({ ...prepared, publishDate: publishDate.getTime() }))
    .digest('hex');
  return { ...prepared, hash };
}

const isRefusal = (value: PreparedPost | TImportRefusal): value is TImportRefusal =>
  'reason' in value;

interface PageAnswer {
  posts: unknown[];
  totalPages: number;
  /** Asked past the last page: the site has fewer posts than it said at first. */
  pastTheEnd: boolean;
}

/** An expected reason to stop (the site, the network): its message is for the admin. */
class ImportStop extends Error {}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

async function fetchPage(
  endpoint: URL,
  page: number,
  perPage: number,
  options: { allowPrivate: boolean; timeoutMs: number },
): Promise<PageAnswer> {
  const url = `${endpoint.toString()}?per_page=${perPage}&page=${page}&_embed`;
  let res;
  try {
    res = await safeGet(url, {
      ...options,
      maxBytes: IMPORT_DEFAULTS.maxPageBytes,
      accept: 'application/json',
    });
  } catch (error) {
    if (error instanceof FetchRefusedError) throw new ImportStop(`${error.message} (page ${page})`);
    throw error;
  }
  const json = parseJson(res.body);
  if (
    res.status === 400 &&
    page > 1 &&
    (json as { code?: unknown })?.code === 'rest_post_invalid_page_number'
  ) {
    return { posts: [], totalPages: page - 1, pastTheEnd: true };
  }
  if (res.status === 404) {
    throw new ImportStop(
      `No WordPress posts were found at ${endpoint.toString()} (HTTP 404): is this a WordPress site?`,
    );
  }
  if (res.status === 401 || res.status === 403) {
    throw new ImportStop(`The WordPress site refused access to its posts (HTTP ${res.status})`);
  }
  if (res.status < 200 || res.status >= 300) {
    throw new ImportStop(
      `The WordPress site answered with an error (HTTP ${res.status}) on page ${page}`,
    );
  }
  if (json === undefined) {
    throw new ImportStop(
      `The answer for page ${page} is not valid JSON: this does not look like a WordPress site`,
    );
  }
  if (!Array.isArray(json)) {
    throw new ImportStop(
      `The answer for page ${page} is not a list of posts: this does not look like a WordPress site`,
    );
  }
  const header = res.headers['x-wp-totalpages'];
  const totalPages = Number(Array.isArray(header) ? header[0] : header);
  if (!Number.isSafeInteger(totalPages) || totalPages < 0) {
    throw new ImportStop(
      'The answer has no X-WP-TotalPages header: this does not look like a WordPress site',
    );
  }
  return { posts: json, totalPages, pastTheEnd: false };
}

/** Downloads a featured image into the upload service; a picture that fails is left out. */
async function importImage(
  options: ImportOptions & { allowPrivate: boolean; timeoutMs: number },
  source: string,
): Promise<string | null> {
  try {
    const res = await safeGet(source, {
      allowPrivate: options.allowPrivate,
      timeoutMs: options.timeoutMs,
      maxBytes: IMPORT_DEFAULTS.maxImageBytes,
      accept: 'image/*',
    });
    if (res.status !== 200) return null;
    const stored = await storeUpload({
      db: options.db,
      uploadDir: options.uploadDir,
      actor: options.actor,
      purpose: 'cover',
      buffer: res.body,
    });
    return stored.fileUrl;
  } catch {
    // A post without its picture is still worth having: its card shows the placeholder.
    return null;
  }
}

interface StoredPost {
  id: number;
  wpId: number | null;
  wpSite: string | null;
  wpHash: string | null;
}

/** An import's progress before its first page: nothing read, nothing done. */
export const emptyImportProgress = (): TImportProgress => ({
  page: 0,
  totalPages: 0,
  added: 0,
  updated: 0,
  unchanged: 0,
  refused: 0,
  refusals: [],
});

export async function importWordPress(options: ImportOptions): Promise<TImportProgress> {
  const allowPrivate = options.allowPrivate ?? false;
  const timeoutMs = options.timeoutMs ?? IMPORT_DEFAULTS.timeoutMs;
  const perPage = options.perPage ?? IMPORT_DEFAULTS.perPage;
  const { db, actor } = options;
  const endpoint = await assertImportableSite(options.siteUrl, allowPrivate);
  const site = endpoint.origin + endpoint.pathname.replace(/\/wp-json\/wp\/v2\/posts$/, '');
  const progress = emptyImportProgress();
  const refuse = (refusal: TImportRefusal) => {
    progress.refused += 1;
    if (progress.refusals.length < MAX_REFUSALS_KEPT) progress.refusals.push(refusal);
  };

  try {
    for (let page = 1; page <= Math.max(progress.totalPages, 1); page += 1) {
      const answer = await fetchPage(endpoint, page, perPage, { allowPrivate, timeoutMs });
      if (answer.pastTheEnd) break;
      if (page === 1) progress.totalPages = Math.min(answer.totalPages, IMPORT_DEFAULTS.maxPages);

      // Each post once per page, by its WordPress id (a repeated id is refused, not written twice).
      const prepared: PreparedPost[] = [];
      const seen = new Set<number>();
      for (const raw of answer.posts) {
        const post = preparePost(raw, site);
        if (isRefusal(post)) refuse(post);
        else if (seen.has(post.wpId)) {
          refuse({ wpId: post.wpId, title: post.title, reason: 'The post appears twice' });
        } else {
          seen.add(post.wpId);
          prepared.push(post);
        }
      }

      const stored = new Map<number, StoredPost>(
        (prepared.length
          ? await db
              .select({
                id: educationContent.id,
                wpId: educationContent.wpId,
                wpSite: educationContent.wpSite,
                wpHash: educationContent.wpHash,
              })
              .from(educationContent)
              .where(
                inArray(
                  educationContent.wpId,
                  prepared.map((p) => p.wpId),
                ),
              )
          : []
        ).map((row) => [row.wpId!, row]),
      );

      // Pictures first (network, outside the transaction), only for posts that will be written.
      const images = new Map<number, string | null>();
      for (const post of prepared) {
        const before = stored.get(post.wpId);
        const changes = !before || (before.wpSite === site && before.wpHash !== post.hash);
        if (changes && post.featuredSource) {
          images.set(
            post.wpId,
            await importImage({ ...options, allowPrivate, timeoutMs }, post.featuredSource),
          );
        }
      }

      const now = new Date();
      await db.transaction(async (tx) => {
        for (const post of prepared) {
          const before = stored.get(post.wpId);
          if (before && before.wpSite !== site) {
            refuse({
              wpId: post.wpId,
              title: post.title,
              reason: `A post with this id was already imported from ${before.wpSite ?? 'another source'}`,
            });
            continue;
          }
          const fields = {
            title: post.title,
            content: post.content,
            excerpt: post.excerpt,
            category: post.category,
            tags: post.tags,
            publishDate: post.publishDate,
            featuredImage: images.get(post.wpId) ?? null,
            wpHash: post.hash,
            lastSync: now,
          };
          if (!before) {
            await tx.insert(educationContent).values({
              ...fields,
              wpId: post.wpId,
              wpSite: site,
              slug: await freeSlug(tx, post.slug),
              kind: 'article',
              source: 'wordpress',
              authorId: actor.id,
            });
            progress.added += 1;
          } else if (before.wpHash === post.hash) {
            await tx
              .update(educationContent)
              .set({ lastSync: now })
              .where(eq(educationContent.id, before.id));
            progress.unchanged += 1;
          } else {
            await tx
              .update(educationContent)
              .set({ ...fields, updatedAt: now })
              .where(eq(educationContent.id, before.id));
            progress.updated += 1;
          }
        }
      });
      progress.page = page;
      options.onProgress?.({ ...progress, refusals: [...progress.refusals] });
      if (answer.posts.length === 0) break;
    }
  } catch (error) {
    // Only our own words reach the admin; anything unexpected is logged by the caller.
    const message =
      error instanceof ImportStop
        ? error.message
        : 'The import stopped because of an unexpected error on the server';
    await auditImport(db, actor, site, progress, message);
    throw new ImportFailedError(
      message,
      { ...progress, refusals: [...progress.refusals] },
      error,
      !(error instanceof ImportStop),
    );
  }
  await auditImport(db, actor, site, progress);
  return progress;
}

async function auditImport(
  db: DB,
  actor: Actor,
  site: string,
  progress: TImportProgress,
  failure?: string,
): Promise<void> {
  const { added, updated, unchanged, refused, page, totalPages } = progress;
  await writeAudit({
    db,
    actor,
    action: 'education.import',
    targetType: 'education',
    targetId: null,
    after: { site, added, updated, unchanged, refused, pages: page, totalPages, failure },
  });
}
