// Property-based tests of the wizard's schemas (fast-check): every generated valid form passes
// each step as Formik validates it on Next, the whole form and the server's submit schema; every
// generated form with one broken field fails with SPEC 5's message for that field, in the step,
// in Formik, in the whole form and over REST (400, never 500). Broken includes dates out of order
// (registrationDeadline <= startDate < endDate) and score settings out of range.
import fc from 'fast-check';
import { validateYupSchema, yupToFormErrors } from 'formik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { toFormikValidationSchema } from 'zod-formik-adapter';
import {
  ADMIN_CONTEST_STATUSES,
  CONTEST_CATEGORIES,
  CONTEST_FORMATS,
  CONTEST_MESSAGES as M,
  CONTEST_MODES,
  DEMO_COVER_IMAGES,
  PARTICIPATION_TYPES,
  SCORE_ORDERS,
} from '../../src/shared/contests';
import { TIERS } from '../../src/shared/constants';
import {
  ADMIN_CONTEST_STEP_SCHEMAS,
  CONTEST_STEP_SCHEMAS,
  ZAdminContestFormSchema,
  ZContestFormSchema,
  ZCreateContestRequestSchema,
  ZSaveDraftRequestSchema,
} from '../../src/shared/schemas/contests';
import { signIn } from '../helpers/accounts';
import { createUser } from '../helpers/db';
import type { HttpClient } from '../helpers/server';
import { startTestServer, type TestServer } from '../helpers/server';

const SEED = 20_261_123;
type Form = Record<string, unknown>;

const pad2 = (n: number) => String(n).padStart(2, '0');
/** What a datetime-local input holds: local time, no offset. */
const localInput = (d: Date) =>
  `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}T${pad2(d.getHours())}:${pad2(d.getMinutes())}`;

const text = (min: number, max: number) =>
  fc
    .string({ minLength: min, maxLength: max, unit: fc.constantFrom(...'abcdefghij XYZ 0123,.!') })
    .map((s) => s.trim())
    .filter((s) => s.length >= min);

const MINUTE = 60_000;

/** A date as a form or a client may hold it: a Date, ISO text, or datetime-local text. */
const asDateValue = (d: Date) => fc.constantFrom<unknown>(d, d.toISOString(), localInput(d));

/** Three dates in order, to the minute (datetime-local inputs have no seconds). */
const orderedDates = fc
  .record({
    start: fc.integer({
      min: Date.UTC(2001, 0, 1) / MINUTE,
      max: Date.UTC(2098, 11, 31) / MINUTE,
    }),
    // The deadline may be the start itself.
    before: fc.integer({ min: 0, max: 60 * 24 * 60 }),
    // The end is at least a minute after the start.
    length: fc.integer({ min: 1, max: 60 * 24 * 90 }),
  })
  .chain(({ start, before, length }) =>
    fc.record({
      registrationDeadline: asDateValue(new Date((start - before) * MINUTE)),
      startDate: asDateValue(new Date(start * MINUTE)),
      endDate: asDateValue(new Date((start + length) * MINUTE)),
    }),
  );

/** Nothing, as Formik (undefined) or a client (null, '') may send it. */
const none = fc.constantFrom<unknown>(undefined, null, '');

const validForm: fc.Arbitrary<Form> = fc
  .record({
    title: text(3, 120),
    category: fc.constantFrom(...CONTEST_CATEGORIES),
    shortDescription: text(10, 300),
    coverImage: fc.oneof(none, fc.constantFrom(...DEMO_COVER_IMAGES)),
    mode: fc.constantFrom(...CONTEST_MODES),
    maxParticipants: fc.integer({ min: 1, max: 10_000 }),
    format: fc.constantFrom(...CONTEST_FORMATS),
    // Absent from SPEC 7's body: the defaults (0 decimals, higher is better).
    scoreDecimals: fc.constantFrom<unknown>(undefined, 0, 1, 2, 3, 4, '0', '2'),
    scoreOrder: fc.constantFrom<unknown>(undefined, ...SCORE_ORDERS),
    dates: orderedDates,
    participationType: fc.constantFrom(...PARTICIPATION_TYPES),
    requiredTier: fc.constantFrom(...TIERS),
    fee: fc.oneof(
      fc.integer({ min: 1, max: 1_000_000 }),
      fc.integer({ min: 100, max: 100_000_000 }).map((cents) => (cents / 100).toFixed(2)),
    ),
    prize: fc.oneof(none, text(1, 500)),
    description: text(50, 600),
    externalLink: fc.oneof(
      none,
      fc.webUrl({ validSchemes: ['https', 'http'] }).filter((u) => u.length <= 500),
    ),
    pdfGuide: none,
    enableLeaderboard: fc.constantFrom<unknown>(true, false, undefined),
    enableComments: fc.constantFrom<unknown>(true, false, undefined),
  })
  .map(({ fee, dates, ...form }) => ({
    ...form,
    ...dates,
    // SPEC 4: paid sets a fee; free and invite leave it out.
    entryFee: form.participationType === 'paid' ? fee : undefined,
  }));

interface Breaker {
  field: string;
  step: number;
  /** The broken value, or how to make it from the rest of the form (the date order). */
  value: fc.Arbitrary<unknown> | fc.Arbitrary<(form: Form) => unknown>;
  /** A rule across fields that drafts do not check (a draft may be saved in any order). */
  acrossFields?: boolean;
  message: string;
  /** Other values the break needs (a paid contest for the fee). */
  with?: Form;
}

const BREAKERS: Breaker[] = [
  {
    field: 'title',
    step: 0,
    value: fc.constantFrom(undefined, '', 'ab', '  a  ', 42),
    message: M.title,
  },
  { field: 'title', step: 0, value: text(121, 200), message: M.titleMax },
  {
    field: 'category',
    step: 0,
    value: fc.constantFrom(undefined, '', 'poker', 3),
    message: M.category,
  },
  {
    field: 'shortDescription',
    step: 0,
    value: fc.oneof(fc.constant(undefined), text(0, 9)),
    message: M.shortDescription,
  },
  { field: 'shortDescription', step: 0, value: text(301, 400), message: M.shortDescriptionMax },
  {
    field: 'coverImage',
    step: 0,
    value: fc.constantFrom(
      'https://evil.example/x.png',
      '/images/contests/other.jpg',
      '/uploads/../x',
    ),
    message: M.coverImage,
  },
  { field: 'mode', step: 1, value: fc.constantFrom(undefined, '', 'duo'), message: M.mode },
  {
    field: 'maxParticipants',
    step: 1,
    value: fc.constantFrom(undefined, '', null, 'abc'),
    message: M.maxParticipants,
  },
  {
    field: 'maxParticipants',
    step: 1,
    value: fc.integer({ min: -1000, max: 0 }),
    message: M.maxParticipantsMin,
  },
  {
    field: 'maxParticipants',
    step: 1,
    value: fc.integer({ min: 10_001, max: 10_000_000 }),
    message: M.maxParticipantsMax,
  },
  {
    field: 'format',
    step: 1,
    value: fc.constantFrom(undefined, '', 'live', 'webinar'),
    message: M.format,
  },
  {
    field: 'registrationDeadline',
    step: 2,
    value: fc.constantFrom(undefined, '', null),
    message: M.registrationDeadline,
  },
  {
    field: 'startDate',
    step: 2,
    value: fc.constantFrom(undefined, '', null),
    message: M.startDate,
  },
  { field: 'endDate', step: 2, value: fc.constantFrom(undefined, '', null), message: M.endDate },
  {
    field: 'startDate',
    step: 2,
    value: fc.constantFrom('tomorrow', '2026-13-01', '2026-02-30T10:00', '12/06/2025'),
    message: 'Start date must be a valid date and time',
  },
  {
    // The end at the start, or before it.
    field: 'endDate',
    step: 2,
    value: fc.constantFrom(
      (form: Form) => form.startDate,
      (form: Form) => new Date(toDate(form.startDate).getTime() - 24 * 3600 * 1000),
    ),
    message: M.endBeforeStart,
    acrossFields: true,
  },
  {
    // Registration closing after the start (at the end, or a minute after the start).
    field: 'registrationDeadline',
    step: 2,
    value: fc.constantFrom(
      (form: Form) => form.endDate,
      (form: Form) => new Date(toDate(form.startDate).getTime() + MINUTE),
    ),
    message: M.deadlineAfterStart,
    acrossFields: true,
  },
  {
    field: 'scoreDecimals',
    step: 1,
    value: fc.constantFrom<unknown>(5, -1, 1.5, 'two', '7'),
    message: M.scoreDecimals,
  },
  {
    field: 'scoreOrder',
    step: 1,
    value: fc.constantFrom<unknown>('best', 'HIGHER', 3),
    message: M.scoreOrder,
  },
  {
    field: 'participationType',
    step: 3,
    value: fc.constantFrom(undefined, '', 'vip'),
    message: M.participationType,
  },
  {
    field: 'requiredTier',
    step: 3,
    value: fc.constantFrom(undefined, '', 'premium'),
    message: M.requiredTier,
  },
  {
    field: 'entryFee',
    step: 3,
    value: fc.constantFrom(undefined, '', null, 0, 0.5, '-3'),
    message: M.entryFee,
    with: { participationType: 'paid' },
  },
  {
    field: 'description',
    step: 4,
    value: fc.oneof(fc.constant(undefined), text(0, 49)),
    message: M.description,
  },
  {
    field: 'externalLink',
    step: 4,
    value: fc.constantFrom(
      'javascript:alert(1)',
      'ftp://files.example.org/a',
      'not a link',
      'data:text/html,x',
    ),
    message: M.externalLink,
  },
];

/** A generated date value as the instant the schemas read it as. */
function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

const broken = fc
  .record({ form: validForm, breaker: fc.constantFrom(...BREAKERS) })
  .chain(({ form, breaker }) =>
    (breaker.value as fc.Arbitrary<unknown>).map((value) => ({
      breaker,
      form: {
        ...form,
        ...breaker.with,
        [breaker.field]:
          typeof value === 'function' ? (value as (f: Form) => unknown)(form) : value,
      },
    })),
  );

/** What Formik does on Next: '' becomes undefined, then the schema runs; errors by field. */
async function formikErrors(schema: z.ZodType, values: Form): Promise<Record<string, unknown>> {
  try {
    await validateYupSchema(values, toFormikValidationSchema(schema));
    return {};
  } catch (error) {
    return yupToFormErrors(error) as Record<string, unknown>;
  }
}

/** Formik values never hold null: an empty input is ''. */
const asFormikValues = (form: Form): Form =>
  Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v === null ? '' : v]));

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('a valid wizard form', () => {
  it('passes every step (as Formik checks them), the whole form and the submit schema', async () => {
    await fc.assert(
      fc.asyncProperty(validForm, async (form) => {
        for (const [i, step] of CONTEST_STEP_SCHEMAS.entries()) {
          expect(step.safeParse(form).success, `step ${i + 1}`).toBe(true);
          expect(await formikErrors(step, asFormikValues(form)), `step ${i + 1}`).toEqual({});
        }
        const parsed = ZContestFormSchema.parse(form);
        expect(parsed.startDate).toBeInstanceOf(Date);
        expect(
          parsed.entryFee === null ||
            typeof parsed.entryFee === 'string' ||
            parsed.entryFee === undefined,
        ).toBe(true);
        expect(
          ZCreateContestRequestSchema.safeParse({ ...form, type: form.category }).success,
        ).toBe(true);
        // What the client sends after parsing passes the server again, to the same values.
        const again = ZCreateContestRequestSchema.parse({ ...parsed, type: parsed.category });
        expect(again.startDate.getTime()).toBe(parsed.startDate.getTime());
        expect(again.entryFee ?? null).toBe(parsed.entryFee ?? null);
      }),
      { seed: SEED, numRuns: 150 },
    );
  });

  it('passes the admin wizard too, with a status', async () => {
    await fc.assert(
      fc.asyncProperty(
        validForm,
        fc.constantFrom(...ADMIN_CONTEST_STATUSES),
        async (form, status) => {
          const admin = { ...form, status };
          for (const step of ADMIN_CONTEST_STEP_SCHEMAS)
            expect(step.safeParse(admin).success).toBe(true);
          expect(ZAdminContestFormSchema.safeParse(admin).success).toBe(true);
          expect(
            ZCreateContestRequestSchema.safeParse({ ...admin, type: form.category }).success,
          ).toBe(true);
          // Without a status the admin's step 4 answers SPEC 5's message.
          expect(
            await formikErrors(
              ADMIN_CONTEST_STEP_SCHEMAS[3],
              asFormikValues({ ...form, status: '' }),
            ),
          ).toEqual({ status: M.status });
        },
      ),
      { seed: SEED + 1, numRuns: 60 },
    );
  });

  it('is a valid draft, and so is any part of it (or nothing at all)', () => {
    fc.assert(
      fc.property(validForm, fc.func(fc.boolean()), (form, keep) => {
        const part = Object.fromEntries(Object.entries(form).filter(([k]) => keep(k)));
        expect(ZSaveDraftRequestSchema.safeParse(part).success).toBe(true);
        const emptied = Object.fromEntries(Object.keys(form).map((k) => [k, '']));
        expect(ZSaveDraftRequestSchema.safeParse(emptied).success).toBe(true);
      }),
      { seed: SEED + 2, numRuns: 100 },
    );
  });
});

describe('a wizard form with one broken field', () => {
  it("fails its step, in Formik, the whole form and the submit schema with SPEC 5's message", async () => {
    await fc.assert(
      fc.asyncProperty(broken, async ({ form, breaker }) => {
        const step = CONTEST_STEP_SCHEMAS[breaker.step]!;
        const result = step.safeParse(form);
        expect(firstMessage(result), breaker.field).toBe(breaker.message);
        expect(result.error?.issues[0]?.path).toEqual([breaker.field]);
        // Formik shows the message beside the field ('' and null reach it as undefined).
        const errors = await formikErrors(step, asFormikValues(form));
        expect(errors[breaker.field], breaker.field).toBe(breaker.message);
        // The other steps are not affected.
        for (const [i, other] of CONTEST_STEP_SCHEMAS.entries()) {
          if (i !== breaker.step) expect(other.safeParse(form).success).toBe(true);
        }
        expect(firstMessage(ZContestFormSchema.safeParse(form))).toBe(breaker.message);
        expect(
          firstMessage(ZCreateContestRequestSchema.safeParse({ ...form, type: form.category })),
        ).toBe(breaker.message);
      }),
      { seed: SEED + 3, numRuns: 300 },
    );
  });

  it('fails as a draft too when the field is filled with something invalid', () => {
    fc.assert(
      fc.property(broken, ({ form, breaker }) => {
        const value = form[breaker.field];
        // An empty field is simply not filled yet in a draft; a paid draft may lack its fee.
        fc.pre(
          value !== undefined &&
            value !== '' &&
            value !== null &&
            breaker.field !== 'entryFee' &&
            !breaker.acrossFields,
        );
        expect(firstMessage(ZSaveDraftRequestSchema.safeParse(form))).toBe(breaker.message);
      }),
      { seed: SEED + 4, numRuns: 200 },
    );
  });
});

describe('POST /api/contests with generated forms', () => {
  let s: TestServer;
  let client: HttpClient;
  beforeAll(async () => {
    s = await startTestServer();
    client = await signIn(s.url, await createUser(s.db));
  });
  afterAll(() => s?.stop());

  it('answers 201 for a valid form', async () => {
    await fc.assert(
      fc.asyncProperty(validForm, async (form) => {
        const res = await client.post('/api/contests', { ...form, type: form.category });
        expect(res.status, res.text).toBe(201);
        expect(res.json).toMatchObject({ status: 'pending', title: form.title });
      }),
      { seed: SEED + 5, numRuns: 40 },
    );
  });

  it("answers 400 with SPEC 5's message for a broken one, never a 500", async () => {
    await fc.assert(
      fc.asyncProperty(broken, async ({ form, breaker }) => {
        const res = await client.post('/api/contests', { ...form, type: form.category });
        expect(res.status, res.text).toBe(400);
        expect(res.json).toMatchObject({ code: 'BAD_REQUEST', message: breaker.message });
      }),
      { seed: SEED + 6, numRuns: 80 },
    );
  });
});

describe('the date order', () => {
  it('shows both problems at once, each beside its field, in the step and in Formik', async () => {
    const dates = {
      registrationDeadline: '2031-03-03T09:00',
      startDate: '2031-03-02T10:00',
      endDate: '2031-03-02T10:00',
    };
    const step = CONTEST_STEP_SCHEMAS[2];
    expect(step.safeParse(dates).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['endDate', M.endBeforeStart],
      ['registrationDeadline', M.deadlineAfterStart],
    ]);
    expect(await formikErrors(step, dates)).toEqual({
      endDate: M.endBeforeStart,
      registrationDeadline: M.deadlineAfterStart,
    });
    // A date that is not there yet is not compared.
    expect(await formikErrors(step, { ...dates, startDate: '' })).toEqual({
      startDate: M.startDate,
    });
    // The deadline may be the start itself; the end a minute after it.
    expect(
      step.safeParse({
        registrationDeadline: dates.startDate,
        startDate: dates.startDate,
        endDate: '2031-03-02T10:01',
      }).success,
    ).toBe(true);
  });
});
