// Contest fixtures: a valid wizard form, contests written straight into the database in any
// state, and reads of what is stored.
import { eq } from 'drizzle-orm';
import type { DB } from '../../src/server/platform/db/client';
import { contests, uploads } from '../../src/server/platform/db/schema';
import type { TContestFormInput, TCreateContestRequest } from '../../src/shared/schemas/contests';
import type { ContestStatus } from '../../src/shared/contests';

const DAY = 24 * 3600 * 1000;

/** A whole, valid member wizard form (parsed values: Dates, a string fee). */
export function validForm(overrides: Partial<TContestFormInput> = {}): TContestFormInput {
  const start = new Date(Date.now() + 7 * DAY);
  return {
    title: 'Spring Trading Cup',
    category: 'gaming',
    shortDescription: 'A friendly week-long contest for every member.',
    coverImage: null,
    mode: 'individual',
    maxParticipants: 100,
    format: 'league',
    registrationDeadline: new Date(start.getTime() - DAY),
    startDate: start,
    endDate: new Date(start.getTime() + 7 * DAY),
    participationType: 'free',
    requiredTier: 'free',
    entryFee: null,
    prize: '$500 to the winner',
    description:
      '## Rules\n\nPlay fair, post your results every day and have fun with the other members.',
    externalLink: 'https://example.org/rules',
    pdfGuide: null,
    enableLeaderboard: true,
    enableComments: true,
    ...overrides,
  };
}

/** SPEC 7's submit body: the form plus type = category. */
export function createInput(overrides: Partial<TCreateContestRequest> = {}): TCreateContestRequest {
  const form = validForm(overrides as Partial<TContestFormInput>);
  return { ...form, type: form.category, ...overrides } as TCreateContestRequest;
}

let counter = 0;

/** A contest row written directly (no rules), in whatever state a test needs. */
export async function insertContest(
  db: DB,
  values: Partial<typeof contests.$inferInsert> & { createdBy: number; status?: ContestStatus },
): Promise<typeof contests.$inferSelect> {
  counter += 1;
  const start = values.startDate ?? new Date(Date.now() + 7 * DAY);
  const status = values.status ?? 'active';
  const category = values.category ?? 'other';
  const [row] = await db
    .insert(contests)
    .values({
      slug: `fixture-${counter}-${Math.random().toString(36).slice(2, 8)}`,
      title: `Fixture contest ${counter}`,
      shortDescription: 'A contest written by the tests.',
      description: 'A contest written straight into the database by the test helpers.',
      registrationDeadline: start,
      startDate: start,
      endDate: new Date(start.getTime() + 7 * DAY),
      ...values,
      category,
      type: category,
      status,
      draft: status === 'draft',
      // Contests members can see have been published (their slug is fixed).
      publishedAt:
        values.publishedAt !== undefined
          ? values.publishedAt
          : status === 'active' || status === 'completed'
            ? new Date()
            : null,
    })
    .returning();
  return row!;
}

export async function storedContest(db: DB, id: number) {
  return (await db.select().from(contests).where(eq(contests.id, id)))[0];
}

/** An upload row owned by someone (the file itself is not needed to reference it). */
export async function uploadRow(
  db: DB,
  ownerId: number,
  purpose: 'cover' | 'guide' | 'avatar' | 'any',
  mime = purpose === 'guide' ? 'application/pdf' : 'image/png',
): Promise<string> {
  const ext = mime === 'application/pdf' ? 'pdf' : 'png';
  const fileName = `${Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}.${ext}`;
  await db.insert(uploads).values({ fileName, ownerId, purpose, mime, size: 1 });
  return `/uploads/${fileName}`;
}

export { DAY };
