// 'Remove demo data' (issue 18): the preview of what goes and what stays (and why), and the
// removal, which answers what it did in the same shape.
import { z } from 'zod';

/** The tables whose rows the demo seed writes, as recorded in demo_rows. */
export const DEMO_TABLES = [
  'users',
  'contests',
  'contest_participants',
  'education_content',
] as const;
export type DemoTable = (typeof DEMO_TABLES)[number];

/** What the admin reads about a row: members, contests, education items. */
export const DEMO_KINDS = ['contest', 'member', 'education'] as const;
export type DemoKind = (typeof DEMO_KINDS)[number];

export const ZDemoRowSchema = z.object({
  kind: z.enum(DEMO_KINDS),
  id: z.number().int(),
  /** A contest's or an item's title, a member's username. */
  name: z.string(),
});
export type TDemoRow = z.infer<typeof ZDemoRowSchema>;

export const ZDemoKeptRowSchema = ZDemoRowSchema.extend({
  /** Why it stays, in words ('Joined by ann', 'Edited after it was seeded'). */
  reasons: z.array(z.string()).min(1),
});
export type TDemoKeptRow = z.infer<typeof ZDemoKeptRowSchema>;

export const ZDemoPlanSchema = z.object({
  /** The seeded rows nobody has touched: these go. */
  remove: z.array(ZDemoRowSchema),
  /** Seeded leaderboard entries that go with the removed contests. */
  entries: z.number().int(),
  /** The seeded rows that stay, each with its reasons. */
  keep: z.array(ZDemoKeptRowSchema),
  /**
   * Names this plan: the removal is refused when its own plan, computed again inside its
   * transaction, is not the one the admin saw.
   */
  token: z.string(),
});
export type TDemoPlan = z.infer<typeof ZDemoPlanSchema>;

export const ZRemoveDemoDataRequestSchema = z.object({
  token: z.string().min(1, 'Preview the demo data first').max(128),
});
export type TRemoveDemoDataRequest = z.infer<typeof ZRemoveDemoDataRequestSchema>;

export const ZRemoveDemoDataResponseSchema = z.object({
  removed: z.array(ZDemoRowSchema),
  entries: z.number().int(),
  kept: z.array(ZDemoKeptRowSchema),
});
export type TRemoveDemoDataResponse = z.infer<typeof ZRemoveDemoDataResponseSchema>;

const KIND_WORDS: Record<DemoKind, [string, string]> = {
  contest: ['contest', 'contests'],
  member: ['member', 'members'],
  education: ['education item', 'education items'],
};

/** '5 contests, 10 members and 4 education items' (kinds with none left out); '' for none. */
export function countRows(rows: readonly Pick<TDemoRow, 'kind'>[]): string {
  const parts = DEMO_KINDS.map((kind) => {
    const n = rows.filter((r) => r.kind === kind).length;
    return n ? `${n} ${KIND_WORDS[kind][n === 1 ? 0 : 1]}` : '';
  }).filter(Boolean);
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
