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
