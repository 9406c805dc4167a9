// A contest's dates (SPEC 5): what a date field accepts, and the order rule every path applies.
// Dates are Date objects or ISO strings ('2026-06-12T10:00' from a datetime-local input, or
// with 'Z'/an offset); parsing yields Dates. A string without an offset is read in the local
// time of whoever parses it, so the client parses the form (ZContestFormSchema.parse) before
// sending, and superjson carries the Dates as instants.
import { z } from 'zod';
import { CONTEST_MESSAGES as M, invalidDateMessage } from '../contests';

// YYYY-MM-DD, optionally with a time and an offset: what datetime-local inputs, toISOString()
// and JSON give. Anything looser (Date.parse reads 'March 7' or '1') is refused.
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2100, 11, 31, 23, 59, 59);

function parseDateString(value: string): Date | undefined {
  const m = ISO_DATE.exec(value.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0));
  const daysInMonth = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  // Date.parse would roll 2026-02-31 over into March: out-of-range parts are refused instead.
  if (
    month! < 1 ||
    month! > 12 ||
    day! < 1 ||
    day! > daysInMonth ||
    hour! > 23 ||
    minute! > 59 ||
    second! > 59
  ) {
    return undefined;
  }
  const date = new Date(value.trim());
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A required date: missing or empty gives `required`; present but not a date, `label` is invalid. */
export function dateField(required: string, label: string) {
  return z.union([z.instanceof(Date), z.string()], { error: required }).transform((value, ctx) => {
    if (typeof value === 'string' && value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    const date = typeof value === 'string' ? parseDateString(value) : value;
    if (!date || Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: invalidDateMessage(label) });
      return z.NEVER;
    }
    if (date.getTime() < EARLIEST || date.getTime() > LATEST) {
      ctx.addIssue({ code: 'custom', message: `${label} must be between 2000 and 2100` });
      return z.NEVER;
    }
    return new Date(date.getTime());
  });
}

export const ZRegistrationDeadline = dateField(M.registrationDeadline, 'Registration deadline');
export const ZStartDate = dateField(M.startDate, 'Start date');
export const ZEndDate = dateField(M.endDate, 'End date');

/**
 * The date order, the one rule every path applies (both wizards' step 3, the edit dialog, the
 * server's create, submit, edit and approve): registrationDeadline <= startDate < endDate. Only
 * dates that are there are compared; each problem names the field it is shown beside.
 */
export function dateOrderProblems(value: {
  registrationDeadline?: unknown;
  startDate?: unknown;
  endDate?: unknown;
}): { field: 'endDate' | 'registrationDeadline'; message: string }[] {
  const time = (v: unknown) =>
    v instanceof Date && !Number.isNaN(v.getTime()) ? v.getTime() : null;
  const deadline = time(value.registrationDeadline);
  const start = time(value.startDate);
  const end = time(value.endDate);
  const problems: { field: 'endDate' | 'registrationDeadline'; message: string }[] = [];
  if (start !== null && end !== null && end <= start) {
    problems.push({ field: 'endDate', message: M.endBeforeStart });
  }
  if (deadline !== null && start !== null && deadline > start) {
    problems.push({ field: 'registrationDeadline', message: M.deadlineAfterStart });
  }
  return problems;
}

const DATE_FIELDS = ['registrationDeadline', 'startDate', 'endDate'];

/**
 * The date order as zod refinements of a schema holding the dates: each message beside its
 * field, checked as soon as the dates themselves are valid (other fields' problems or not).
 */
export function withDateOrder<T extends z.ZodObject>(schema: T): T {
  // The dates' own problems (missing, not a date) come first: a date that did not parse is not
  // a Date here, and is not compared. The other order refinement's issue does not stop this one
  // (both show at once).
  const datesValid = (payload: { value: unknown }) =>
    DATE_FIELDS.every((field) => {
      const value = (payload.value as Record<string, unknown> | null)?.[field];
      return value === undefined || value === null || value instanceof Date;
    });
  return schema
    .refine((v) => !dateOrderProblems(v as never).some((p) => p.field === 'endDate'), {
      path: ['endDate'],
      message: M.endBeforeStart,
      when: datesValid,
    })
    .refine((v) => !dateOrderProblems(v as never).some((p) => p.field === 'registrationDeadline'), {
      path: ['registrationDeadline'],
      message: M.deadlineAfterStart,
      when: datesValid,
    });
}
