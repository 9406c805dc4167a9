// Requests and answers of the moderators' Reports queue (issue 32): reported posts grouped one
// row per post, and a review that acts on the post and resolves its open reports.
import { z } from 'zod';
import {
  DISCUSSION_MESSAGES as M,
  MAX_REVIEW_REASON_CHARS,
  REASON_REQUIRED_ACTIONS,
  REPORT_ACTIONS,
  REPORT_QUEUES,
  REPORT_REASONS,
  REPORT_STATUSES,
} from '../discussion';
import { ZPageOf, pageRequestFields } from './paging';
import { ZRowId } from './rowId';

export const ZListReportsRequest = z.object({
  status: z.enum(REPORT_QUEUES, { error: M.queueUnknown }).default('open'),
  ...pageRequestFields(100, 20),
});
export type TListReportsRequest = z.infer<typeof ZListReportsRequest>;

const ZMember = z.object({ id: z.number().int(), username: z.string() });

/** One report of a post, as the queue shows it. */
export const ZReportEntry = z.object({
  id: z.number().int(),
  reason: z.enum(REPORT_REASONS),
  text: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  reporter: ZMember.nullable(),
  createdAt: z.date(),
});

/** A reported post: its words, where it is, and its reports (one queue row). */
export const ZReportedPost = z.object({
  /** The report a review names: the post's newest report of this queue. */
  reportId: z.number().int(),
  postId: z.number().int(),
  body: z.string(),
  author: ZMember.nullable(),
  contest: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }),
  topic: z.object({ id: z.number().int(), title: z.string() }),
  hidden: z.boolean(),
  deleted: z.boolean(),
  reportCount: z.number().int(),
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: z.number().int() })),
  latestReportAt: z.date(),
  reports: z.array(ZReportEntry),
  /** How the newest review resolved it (the resolved queue), or null. */
  resolution: z
    .object({
      status: z.enum(REPORT_STATUSES),
      by: ZMember.nullable(),
      at: z.date().nullable(),
      reason: z.string().nullable(),
    })
    .nullable(),
});
export type TReportedPost = z.infer<typeof ZReportedPost>;
export const ZReportList = ZPageOf(ZReportedPost);

export const ZReviewReportRequest = z
  .object({
    id: ZRowId('report'),
    action: z.enum(REPORT_ACTIONS, { error: M.reviewAction }),
    reason: z
      .string({ error: M.reviewReasonTooLong })
      .trim()
      .max(MAX_REVIEW_REASON_CHARS, M.reviewReasonTooLong)
      .optional(),
  })
  .refine((v) => !REASON_REQUIRED_ACTIONS.includes(v.action) || !!v.reason, {
    message: M.reviewReasonRequired,
    path: ['reason'],
  });
export type TReviewReportRequest = z.infer<typeof ZReviewReportRequest>;

export const ZReviewReportResponse = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  action: z.enum(REPORT_ACTIONS),
  /** How many open reports this review resolved. */
  resolved: z.number().int(),
  hidden: z.boolean(),
  deleted: z.boolean(),
});
