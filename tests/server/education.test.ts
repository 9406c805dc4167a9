// Education Center procedures: one describe per procedure, with each role's answer. Members
// read, search, page and save; admins write (audited), and only they. Refused calls change
// nothing.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, educationContent, educationSaved } from '../../src/server/platform/db/schema';
import { seedDemo } from '../../src/server/seed/seed';
import { storeUpload } from '../../src/server/platform/files/uploads';
import { removeOrphanUploads } from '../../src/server/platform/files/cleanup';
import type { TEducationForm } from '../../src/shared/schemas/education';
import { lastAuditRow, PNG } from '../helpers/accounts';
import { callerFor, createTestDb, createUser, type CreatedUser, type TestDb } from '../helpers/db';
import { failure } from '../helpers/errors';

let t: TestDb;
let admin: CreatedUser;
let otherAdmin: CreatedUser;
let member: CreatedUser;
let moderator: CreatedUser;

beforeAll(async () => {
  t = await createTestDb();
  admin = await createUser(t.db, { role: 'admin' });
  otherAdmin = await createUser(t.db, { role: 'admin' });
  member = await createUser(t.db);
  moderator = await createUser(t.db, { role: 'moderator' });
});
afterAll(() => t.close());

const as = (user?: CreatedUser) => callerFor(t, user).caller;

function article(overrides: Partial<TEducationForm> = {}): TEducationForm {
  return {
    title: 'Managing Drawdowns',
    kind: 'article',
    category: 'Trading',
    excerpt: 'What to do after three losing trades in a row.',
    content: '## Breathe\n\nThen **reduce** your size.',
    tags: ['risk', 'psychology'],
    ...overrides,
  };
}

const rows = () => t.db.select().from(educationContent);
const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;

describe('education.create', () => {
  it('lets an admin write an item in markdown, audited, with a slug from its title', async () => {
    const item = await as(admin).education.create(article());
    expect(item).toMatchObject({
      title: 'Managing Drawdowns',
      slug: 'managing-drawdowns',
      kind: 'article',
      source: 'local',
      content: '## Breathe\n\nThen **reduce** your size.',
      tags: ['risk', 'psychology'],
      authorName: admin.username,
      wpId: null,
      saved: false,
    });
    const audit = (await lastAuditRow(t.db))!;
    expect(audit).toMatchObject({ action: 'education.create', actorId: admin.id });
    expect(JSON.parse(audit.after!)).toMatchObject({ title: 'Managing Drawdowns' });
  });

  it('gives a second item of the same title a free slug, and refuses a taken one it was given', async () => {
    const second = await as(admin).education.create(article());
    expect(second.slug).toBe('managing-drawdowns-2');
    expect(
      await failure(as(admin).education.create(article({ slug: 'managing-drawdowns' }))),
    ).toEqual({ code: 'CONFLICT', message: 'This slug is already used by another item' });
  });

  it('refuses bad input with the field message, never a 500', async () => {
    const cases: [Partial<TEducationForm>, string][] = [
      [{ title: 'ab' }, 'Title must be at least 3 characters'],
      [{ kind: 'video' as never }, 'Kind must be one of tutorial, article, resource'],
      [{ content: '   short ' }, 'Content must be at least 10 characters'],
      [{ slug: 'Not A Slug' }, 'Slug may hold only a-z, 0-9 and single hyphens'],
      [{ slug: '123' }, 'Slug cannot be only digits (it would read as an id)'],
      [{ featuredImage: 'https://evil.example/x.png' }, 'Please upload the file first'],
      [{ tags: ['x'.repeat(41)] }, 'A tag must be at most 40 characters'],
    ];
    for (const [change, message] of cases) {
      expect(await failure(as(admin).education.create(article(change)))).toEqual({
        code: 'BAD_REQUEST',
        message,
      });
    }
  });

  it('takes a featured image only from the admin’s own upload', async () => {
    const own = await storeUpload({
      db: t.db,
      uploadDir: t.deps.uploadDir,
      actor: admin,
      purpose: 'cover',
      buffer: PNG,
    });
    const theirs = await storeUpload({
      db: t.db,
      uploadDir: t.deps.uploadDir,
      actor: otherAdmin,
      purpose: 'cover',
      buffer: PNG,
    });
    const item = await as(admin).education.create(
      article({ title: 'With a picture', featuredImage: own.fileUrl }),
    );
    expect(item.featuredImage).toBe(own.fileUrl);
    expect(
      await failure(as(admin).education.create(article({ featuredImage: theirs.fileUrl }))),
    ).toEqual({ code: 'BAD_REQUEST', message: 'Please upload the file first' });
    // The picture is referenced, so the daily clean-up keeps it.
    const cleaned = await removeOrphanUploads({
      db: t.db,
      uploadDir: t.deps.uploadDir,
      olderThanMs: -1000,
    });
    expect(cleaned.rows).toBe(1); // only the other admin's unused upload
    expect((await as(member).education.get({ idOrSlug: String(item.id) })).featuredImage).toBe(
      own.fileUrl,
    );
  });

  it.each([
    ['anonymous', undefined, 'UNAUTHORIZED'],
    ['a member', () => member, 'FORBIDDEN'],
    ['a moderator', () => moderator, 'FORBIDDEN'],
  ] as const)('refuses %s, changing nothing', async (_who, user, code) => {
    const before = { rows: (await rows()).length, audit: await auditCount() };
    expect((await failure(as(user?.()).education.create(article()))).code).toBe(code);
    expect({ rows: (await rows()).length, audit: await auditCount() }).toEqual(before);
  });
});

describe('education.update', () => {
  it('lets an admin edit any item (another admin’s too), audited', async () => {
    const item = await as(otherAdmin).education.create(article({ title: 'Draft Title Here' }));
    const updated = await as(admin).education.update({
      id: item.id,
      ...article({ title: 'Final Title', kind: 'tutorial', tags: ['a', 'A', 'b'], slug: 'final' }),
    });
    expect(updated).toMatchObject({ title: 'Final Title', kind: 'tutorial', slug: 'final' });
    // Tags are kept once each, whatever their case.
    expect(updated.tags).toEqual(['a', 'b']);
    expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(item.updatedAt.getTime());
    expect(await lastAuditRow(t.db)).toMatchObject({
      action: 'education.update',
      targetId: String(item.id),
    });
  });

  it('keeps the slug when none is given', async () => {
    const item = await as(admin).education.create(article({ title: 'Keeps Its Slug' }));
    const updated = await as(admin).education.update({
      id: item.id,
      ...article({ title: 'Renamed Entirely' }),
    });
    expect(updated.slug).toBe('keeps-its-slug');
  });

  it('answers 404 for an item that does not exist', async () => {
    expect(await failure(as(admin).education.update({ id: 999_999, ...article() }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Content not found',
    });
  });

  it('refuses members and moderators', async () => {
    const item = await as(admin).education.create(article({ title: 'Not Yours To Edit' }));
    for (const user of [member, moderator]) {
      expect(
        (await failure(as(user).education.update({ id: item.id, ...article({ title: 'Hacked' }) })))
          .code,
      ).toBe('FORBIDDEN');
    }
    expect((await as(member).education.get({ idOrSlug: item.slug })).title).toBe(
      'Not Yours To Edit',
    );
  });
});

describe('education.delete', () => {
  it('removes the item and the members’ saves of it, audited', async () => {
    const item = await as(admin).education.create(article({ title: 'Short Lived' }));
    await as(member).education.save({ id: item.id });
    expect(await as(admin).education.delete({ id: item.id })).toEqual({
      success: true,
      id: item.id,
    });
    expect(
      await t.db.select().from(educationSaved).where(eq(educationSaved.contentId, item.id)),
    ).toEqual([]);
    expect(await lastAuditRow(t.db)).toMatchObject({ action: 'education.delete' });
    expect((await failure(as(member).education.get({ idOrSlug: String(item.id) }))).code).toBe(
      'NOT_FOUND',
    );
  });

  it('refuses members and moderators, and answers 404 for a missing item', async () => {
    const item = await as(admin).education.create(article({ title: 'Stays Put' }));
    for (const user of [member, moderator]) {
      expect((await failure(as(user).education.delete({ id: item.id }))).code).toBe('FORBIDDEN');
    }
    expect((await failure(as(admin).education.delete({ id: 999_999 }))).code).toBe('NOT_FOUND');
    expect((await rows()).some((r) => r.id === item.id)).toBe(true);
  });
});

describe('education.list', () => {
  let listDb: TestDb;
  let reader: CreatedUser;
  beforeAll(async () => {
    listDb = await createTestDb();
    reader = await createUser(listDb.db);
    await seedDemo(listDb.db);
  });
  afterAll(() => listDb.close());
  const list = (input: Parameters<ReturnType<typeof as>['education']['list']>[0]) =>
    callerFor(listDb, reader).caller.education.list(input);

  it('lists the seeded items newest first, with SPEC 3’s fields and the kind', async () => {
    const result = await list({});
    expect(result.total).toBe(4);
    expect(result.items.map((i) => i.slug)).toEqual([
      'position-sizing-for-trading-contests',
      'how-contest-leaderboards-rank-you',
      'pre-contest-checklist',
      'reading-candlestick-charts',
    ]);
    expect(new Set(result.items.map((i) => i.kind))).toEqual(
      new Set(['tutorial', 'article', 'resource']),
    );
    expect(result.items[0]).not.toHaveProperty('content');
  });

  it('filters by kind (the tabs)', async () => {
    expect((await list({ kind: 'tutorial' })).items.map((i) => i.kind)).toEqual([
      'tutorial',
      'tutorial',
    ]);
    expect((await list({ kind: 'resource' })).total).toBe(1);
  });

  it('searches titles and excerpts, case-insensitively, short terms and long', async () => {
    const titles = async (search: string) => (await list({ search })).items.map((i) => i.title);
    expect(await titles('CANDLE')).toEqual(['Reading Candlestick Charts']);
    // 'printable' is only in the checklist's excerpt.
    expect(await titles('printable list')).toEqual(['Pre-Contest Checklist']);
    expect(await titles('zz')).toEqual([]);
    expect(await titles('ZI')).toEqual(['Position Sizing for Trading Contests, Step by Step']);
    // The body is not searched, and LIKE's wildcards are plain characters.
    expect(await titles('standard lot')).toEqual([]);
    expect(await titles('%')).toEqual([]);
    expect(await titles('"quoted" words')).toEqual([]);
    expect((await list({ search: 'trad', kind: 'article' })).items).toEqual([]);
  });

  it('pages, and an absurd page is a 400 with a message', async () => {
    const first = await list({ pageSize: 3, page: 1 });
    const second = await list({ pageSize: 3, page: 2 });
    expect(first.items).toHaveLength(3);
    expect(second.items).toHaveLength(1);
    expect(second.total).toBe(4);
    expect(await failure(list({ page: 0 }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Page must be at least 1',
    });
    expect(await failure(list({ pageSize: 51 }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Page size must be at most 50',
    });
    expect(await failure(list({ kind: 'video' as never }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Kind must be one of tutorial, article, resource',
    });
  });

  it('lists only the caller’s saved items on the Saved tab, newest saved first', async () => {
    const caller = callerFor(listDb, reader).caller;
    const other = await createUser(listDb.db);
    const all = (await list({})).items;
    await caller.education.save({ id: all[3]!.id });
    await caller.education.save({ id: all[1]!.id });
    await callerFor(listDb, other).caller.education.save({ id: all[0]!.id });
    const saved = await list({ saved: true });
    expect(saved.items.map((i) => i.id)).toEqual([all[1]!.id, all[3]!.id]);
    expect(saved.items.every((i) => i.saved)).toBe(true);
    expect(saved.total).toBe(2);
    expect((await list({})).items.filter((i) => i.saved)).toHaveLength(2);
    expect((await list({ saved: true, kind: 'article' })).items.map((i) => i.id)).toEqual([
      all[1]!.id,
    ]);
  });

  it('refuses anonymous callers', async () => {
    expect((await failure(callerFor(listDb).caller.education.list({}))).code).toBe('UNAUTHORIZED');
  });
});

describe('education.get', () => {
  it('finds an item by id or by slug, with its body', async () => {
    const item = await as(admin).education.create(article({ title: 'Find Me Twice' }));
    const byId = await as(member).education.get({ idOrSlug: String(item.id) });
    const bySlug = await as(member).education.get({ idOrSlug: 'find-me-twice' });
    expect(byId).toEqual(bySlug);
    expect(byId.content).toContain('**reduce**');
  });

  it('answers 404 for an unknown id or slug, never a 500', async () => {
    for (const idOrSlug of ['999999', 'no-such-thing', '0', '-1', '1e3', '99999999999999999999']) {
      expect(await failure(as(member).education.get({ idOrSlug }))).toEqual({
        code: 'NOT_FOUND',
        message: 'Content not found',
      });
    }
    expect((await failure(as(member).education.get({ idOrSlug: '' }))).code).toBe('BAD_REQUEST');
  });

  it('refuses anonymous callers', async () => {
    expect((await failure(as().education.get({ idOrSlug: '1' }))).code).toBe('UNAUTHORIZED');
  });
});

describe('education.save and education.unsave', () => {
  it('saves once (twice is the same), shows it as saved only to the saver, and unsaves', async () => {
    const item = await as(admin).education.create(article({ title: 'Save Me' }));
    expect(await as(member).education.save({ id: item.id })).toEqual({ id: item.id, saved: true });
    expect(await as(member).education.save({ id: item.id })).toEqual({ id: item.id, saved: true });
    expect((await as(member).education.get({ idOrSlug: item.slug })).saved).toBe(true);
    expect((await as(moderator).education.get({ idOrSlug: item.slug })).saved).toBe(false);
    expect(
      await t.db.select().from(educationSaved).where(eq(educationSaved.contentId, item.id)),
    ).toHaveLength(1);
    expect(await as(member).education.unsave({ id: item.id })).toEqual({
      id: item.id,
      saved: false,
    });
    expect(await as(member).education.unsave({ id: item.id })).toEqual({
      id: item.id,
      saved: false,
    });
    expect((await as(member).education.get({ idOrSlug: item.slug })).saved).toBe(false);
  });

  it('answers 404 for a missing item and 401 without a session', async () => {
    expect((await failure(as(member).education.save({ id: 999_999 }))).code).toBe('NOT_FOUND');
    expect((await failure(as(member).education.unsave({ id: 999_999 }))).code).toBe('NOT_FOUND');
    expect((await failure(as().education.save({ id: 1 }))).code).toBe('UNAUTHORIZED');
    expect((await failure(as(member).education.save({ id: -1 }))).code).toBe('BAD_REQUEST');
  });

  it('goes with the member when the member is deleted', async () => {
    const leaving = await createUser(t.db);
    const item = await as(admin).education.create(article({ title: 'Saved By A Leaver' }));
    await as(leaving).education.save({ id: item.id });
    await as(admin).adminUsers.delete({ id: leaving.id });
    expect(
      await t.db.select().from(educationSaved).where(eq(educationSaved.userId, leaving.id)),
    ).toEqual([]);
  });
});

describe('an author who is deleted', () => {
  it('leaves their items in place, without an author', async () => {
    const author = await createUser(t.db, { role: 'admin' });
    const item = await as(author).education.create(article({ title: 'Outlives Its Author' }));
    await as(admin).adminUsers.delete({ id: author.id });
    const after = await as(member).education.get({ idOrSlug: item.slug });
    expect(after.authorName).toBeNull();
  });
});
