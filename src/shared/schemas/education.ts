// The Education Center (SPEC 2.9, 3 'education_content'; PRODUCT.md 'Education Center'): what
// members read and save, what admins write and import.
import { MAX_ID } from '../constants';
import { z } from 'zod';
import { ZRequiredText } from './requiredText';
import { pageRequestFields, ZPageOf } from './paging';
import { ZUploadUrl } from './account';

export const EDUCATION_KINDS = ['tutorial', 'article', 'resource'] as const;
export type EducationKind = (typeof EDUCATION_KINDS)[number];

export const EDUCATION_KIND_LABELS: Record<EducationKind, string> = {
  tutorial: 'Tutorial',
  article: 'Article',
  resource: 'Resource',
};

/** Written here in markdown, or imported from a WordPress site as (sanitized) HTML. */
export const EDUCATION_SOURCES = ['local', 'wordpress'] as const;
export type EducationSource = (typeof EDUCATION_SOURCES)[number];

export const EDUCATION_PAGE_SIZE = 12;
export const EDUCATION_LIMITS = {
  title: 200,
  excerpt: 500,
  category: 60,
  tag: 40,
  tags: 20,
  // About 200 printed pages of markdown: far beyond an article, well within one request body.
  content: 90_000,
} as const;

const ZId = z
  .number({ error: 'A content id is required' })
  .int('A content id is a whole number')
  .positive('A content id is a whole number')
  .max(MAX_ID, 'No content has that id');

const ZKind = z.enum(EDUCATION_KINDS, {
  error: 'Kind must be one of tutorial, article, resource',
});

export const ZListEducationRequestSchema = z
  .object({
    search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
    kind: ZKind.optional(),
    /** Only the caller's saved items. */
    saved: z.boolean({ error: 'Saved must be true or false' }).optional(),
    ...pageRequestFields(50, EDUCATION_PAGE_SIZE),
  })
  .default({ page: 1, pageSize: EDUCATION_PAGE_SIZE });
export type TListEducationRequest = z.input<typeof ZListEducationRequestSchema>;

/** A card: SPEC 3's fields without the body, plus what the screens show beside them. */
export const ZEducationCardSchema = z.object({
  id: z.number().int(),
  wpId: z.number().int().nullable(),
  slug: z.string(),
  kind: ZKind,
  source: z.enum(EDUCATION_SOURCES),
  title: z.string(),
  excerpt: z.string().nullable(),
  featuredImage: z.string().nullable(),
  category: z.string().nullable(),
  tags: z.array(z.string()),
  publishDate: z.date(),
  lastSync: z.date().nullable(),
  authorName: z.string().nullable(),
  updatedAt: z.date(),
  /** Whether the caller has saved it. */
  saved: z.boolean(),
});
export type TEducationCard = z.infer<typeof ZEducationCardSchema>;

export const ZListEducationResponseSchema = ZPageOf(ZEducationCardSchema);
export type TListEducationResponse = z.infer<typeof ZListEducationResponseSchema>;

export const ZEducationItemSchema = ZEducationCardSchema.extend({
  /** Markdown for local items, sanitized HTML for imported ones (see `source`). */
  content: z.string(),
});
export type TEducationItem = z.infer<typeof ZEducationItemSchema>;

export const ZGetEducationRequestSchema = z.object({
  idOrSlug: ZRequiredText(
    1,
    200,
    'An id or a slug is required',
    'An id or a slug is at most 200 characters',
  ),
});

export const ZEducationIdRequestSchema = z.object({ id: ZId });

export const ZSaveEducationResponseSchema = z.object({ id: z.number().int(), saved: z.boolean() });

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** The fields of the admin's editor (create and update alike). */
export const ZEducationFormSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(3, 'Title must be at least 3 characters')
    .max(EDUCATION_LIMITS.title, `Title must be at most ${EDUCATION_LIMITS.title} characters`),
  kind: ZKind,
  category: optionalText(EDUCATION_LIMITS.category, 'Category'),
  excerpt: optionalText(EDUCATION_LIMITS.excerpt, 'Excerpt'),
  content: z
    .string({ error: 'Content is required' })
    .max(
      EDUCATION_LIMITS.content,
      `Content must be at most ${EDUCATION_LIMITS.content.toLocaleString('en-US')} characters`,
    )
    .refine((v) => v.trim().length >= 10, 'Content must be at least 10 characters'),
  tags: z
    .array(
      z
        .string({ error: 'A tag must be text' })
        .trim()
        .min(1, 'A tag cannot be empty')
        .max(EDUCATION_LIMITS.tag, `A tag must be at most ${EDUCATION_LIMITS.tag} characters`),
      { error: 'Tags must be a list of words' },
    )
    .max(EDUCATION_LIMITS.tags, `At most ${EDUCATION_LIMITS.tags} tags`)
    .default([]),
  featuredImage: z
    .union([ZUploadUrl, z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
  /** Optional: a new item gets one from its title. Lower-case letters, digits and hyphens. */
  slug: z
    .string({ error: 'Slug must be text' })
    .trim()
    .max(100, 'Slug must be at most 100 characters')
    .regex(/^$|^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug may hold only a-z, 0-9 and single hyphens')
    .refine((v) => !/^[0-9]+$/.test(v), 'Slug cannot be only digits (it would read as an id)')
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type TEducationForm = z.input<typeof ZEducationFormSchema>;

export const ZCreateEducationRequestSchema = ZEducationFormSchema;
export const ZUpdateEducationRequestSchema = ZEducationFormSchema.extend({ id: ZId });

export const ZDeleteEducationResponseSchema = z.object({
  success: z.literal(true),
  id: z.number().int(),
});

export const ZStartImportRequestSchema = z.object({
  siteUrl: ZRequiredText(
    1,
    500,
    'Enter the WordPress site address',
    'The address must be at most 500 characters',
  ).refine((v) => {
    try {
      const url = new URL(v);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Enter a web address that starts with http:// or https://'),
});
export type TStartImportRequest = z.input<typeof ZStartImportRequestSchema>;

export const ZImportJobRequestSchema = z.object({
  jobId: z.string({ error: 'An import id is required' }).uuid('Import not found'),
});

export const ZImportRefusalSchema = z.object({
  wpId: z.number().nullable(),
  title: z.string().nullable(),
  reason: z.string(),
});
export type TImportRefusal = z.infer<typeof ZImportRefusalSchema>;

export const ZImportProgressSchema = z.object({
  /** Pages read so far, and how many the site said it has (0 until the first answer). */
  page: z.number().int(),
  totalPages: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  /** Why each refused post was refused (the first 50). */
  refusals: z.array(ZImportRefusalSchema),
});
export type TImportProgress = z.infer<typeof ZImportProgressSchema>;

export const IMPORT_STATUSES = ['running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const ZImportJobSchema = z.object({
  jobId: z.string(),
  siteUrl: z.string(),
  status: z.enum(IMPORT_STATUSES),
  /** Why a failed import stopped; pages before it were kept. */
  message: z.string().nullable(),
  progress: ZImportProgressSchema,
  startedAt: z.date(),
  finishedAt: z.date().nullable(),
});
export type TImportJob = z.infer<typeof ZImportJobSchema>;
