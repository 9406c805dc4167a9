// The one paging schema: every list takes a page and a page size within these bounds, so an
// absurd page (2^53) is a 400 with a message, never an offset overflow.
import { z } from 'zod';

export const MAX_PAGE = 100_000;

export const ZPage = z
  .number({ error: 'Page must be a number' })
  .int('Page must be a whole number')
  .min(1, 'Page must be at least 1')
  .max(MAX_PAGE, `Page must be at most ${MAX_PAGE}`);

export function ZPageSize(max: number) {
  return z
    .number({ error: 'Page size must be a number' })
    .int('Page size must be a whole number')
    .min(1, 'Page size must be at least 1')
    .max(max, `Page size must be at most ${max}`);
}

/** The page fields of a list request: page 1 of `defaultPageSize` rows unless asked otherwise. */
export function pageRequestFields(maxPageSize: number, defaultPageSize: number) {
  return { page: ZPage.default(1), pageSize: ZPageSize(maxPageSize).default(defaultPageSize) };
}

/** What every page of a list answers besides its rows. */
export const pageResponseFields = {
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
};

/** A page of a list: its rows under `items`, then the counts. */
export function ZPageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), ...pageResponseFields });
}
