// The contests procedures (SPEC 2.4-2.7, 2.17, 2.18, 4, 5, 7; PRODUCT.md 'Contests'), one
// describe per procedure, each rule per role, asserting what the database holds afterwards.
import { rankColumn } from '../../src/server/domain/participation/contestParticipants';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  contestParticipants,
  contests,
  users,
} from '../../src/server/platform/db/schema';
import { savePlatformSettings, getPlatformSettings } from '../../src/server/domain/settings';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { CONTEST_MESSAGES as M } from '../../src/shared/contests';
import { auditActionLabel } from '../../src/shared/auditActions';
import { callerFor, createTestDb, createUser, type CreatedUser } from '../helpers/db';
import { failure } from '../helpers/errors';
import {
  DAY,
  createInput,
  insertContest,
  storedContest,
  uploadRow,
  validForm,
} from '../helpers/contests';

const t = await createTestDb();
afterAll(() => t.close());

const member = await createUser(t.db);
const other = await createUser(t.db);
const moderator = await createUser(t.db, { role: 'moderator' });
const admin = await createUser(t.db, { role: 'admin' });

const as = (user: CreatedUser) => callerFor(t, user).caller;

async function setApproval(required: boolean) {
  const current = await getPlatformSettings({ db: t.db });
  await savePlatformSettings({
    db: t.db,
    value: { ...current, contestApprovalRequired: required },
  });
}
beforeEach(() => setApproval(true));

/** Audit rows about one contest, oldest first. */
async function auditOf(id: number) {
  return (
    await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'contest'), eq(auditLog.targetId, String(id))))
      .orderBy(auditLog.id)
  ).map((r) => ({
    action: r.action,
    actorId: r.actorId,
    before: r.before ? (JSON.parse(r.before) as unknown) : null,
    after: r.after ? (JSON.parse(r.after) as unknown) : null,
  }));
}

const contestCount = async () => (await t.db.select({ n: count() }).from(contests))[0]!.n;

describe('contests.create', () => {
  it("makes a member's submission pending while approval is required, whatever it asks", async () => {
    const created = await as(member).contests.create(
      createInput({ title: 'Pending Cup', status: 'active', featured: true }),
    );
    expect(created).toMatchObject({
      title: 'Pending Cup',
      slug: 'pending-cup',
      status: 'pending',
      draft: false,
      featured: false,
      createdBy: member.id,
      creatorName: member.username,
      type: 'gaming',
      category: 'gaming',
      canEdit: true,
    });
    expect(await storedContest(t.db, created.id)).toMatchObject({
      status: 'pending',
      draft: false,
      featured: false,
      createdBy: member.id,
      participants: 0,
    });
    expect(await auditOf(created.id)).toEqual([
      {
        action: 'contest.create',
        actorId: member.id,
        before: null,
        after: { title: 'Pending Cup', status: 'pending', featured: false },
      },
    ]);
  });

  it('makes it active at once when approval is switched off', async () => {
    await setApproval(false);
    const created = await as(member).contests.create(
      createInput({ title: 'Open Cup', status: 'pending' }),
    );
    expect((await storedContest(t.db, created.id))?.status).toBe('active');
  });

  it('gives each of many contests of one title created at once a slug of its own', async () => {
    const created = await Promise.all(
      Array.from({ length: 8 }, () =>
        as(admin).contests.create(createInput({ title: 'Simultaneous Cup' })),
      ),
    );
    const slugs = await Promise.all(
      created.map(async (c) => (await storedContest(t.db, c.id))!.slug),
    );
    expect(new Set(slugs).size).toBe(8);
    expect(slugs).toContain('simultaneous-cup');
  });

  it('lets moderators and admins set any status and featured, active by default', async () => {
    const byAdmin = await as(admin).contests.create(createInput({ title: 'Admin Default' }));
    expect(byAdmin).toMatchObject({ status: 'active', featured: false, createdBy: admin.id });
    const completed = await as(admin).contests.create(
      createInput({ title: 'Admin Completed', status: 'completed', featured: true }),
    );
    expect(await storedContest(t.db, completed.id)).toMatchObject({
      status: 'completed',
      featured: true,
    });
    const byModerator = await as(moderator).contests.create(
      createInput({ title: 'Moderator Rejected', status: 'rejected' }),
    );
    expect(await storedContest(t.db, byModerator.id)).toMatchObject({
      status: 'rejected',
      createdBy: moderator.id,
    });
  });

  it('stores every field of the form, dates as instants and the fee as text', async () => {
    const form = validForm({
      title: 'Every Field',
      participationType: 'paid',
      entryFee: '25.5',
      mode: 'team',
      format: 'knockout',
      requiredTier: 'pro',
      enableComments: false,
    });
    const created = await as(member).contests.create({ ...form, type: form.category });
    const row = (await storedContest(t.db, created.id))!;
    expect(row).toMatchObject({
      title: 'Every Field',
      shortDescription: form.shortDescription,
      description: form.description,
      mode: 'team',
      format: 'knockout',
      maxParticipants: 100,
      participationType: 'paid',
      entryFee: '25.5',
      requiredTier: 'pro',
      prize: form.prize,
      externalLink: form.externalLink,
      enableLeaderboard: true,
      enableComments: false,
      inviteCode: null,
    });
    expect(row.startDate?.getTime()).toBe((form.startDate as Date).getTime());
    expect(row.registrationDeadline?.getTime()).toBe((form.registrationDeadline as Date).getTime());
  });

  it('keeps no fee on a free contest and gives invite contests a code', async () => {
    const free = await as(member).contests.create(
      createInput({ title: 'Free With Fee', participationType: 'free', entryFee: 40 }),
    );
    expect((await storedContest(t.db, free.id))?.entryFee).toBeNull();
    const invite = await as(member).contests.create(
      createInput({ title: 'Invite Only', participationType: 'invite' }),
    );
    const code = (await storedContest(t.db, invite.id))?.inviteCode;
    expect(code).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(invite.inviteCode).toBe(code);
  });

  it('refuses a paid contest without a fee, and fees out of range', async () => {
    const before = await contestCount();
    expect(
      await failure(as(member).contests.create(createInput({ participationType: 'paid' }))),
    ).toEqual({ code: 'BAD_REQUEST', message: M.entryFee });
    expect(
      (
        await failure(
          as(member).contests.create(createInput({ participationType: 'paid', entryFee: 0.5 })),
        )
      ).message,
    ).toBe(M.entryFee);
    expect(
      (
        await failure(
          as(member).contests.create(createInput({ participationType: 'paid', entryFee: 'ten' })),
        )
      ).message,
    ).toBe(M.entryFeeNumber);
    expect(await contestCount()).toBe(before);
  });

  it('requires the type, equal to the category (SPEC 5 server rule)', async () => {
    const { type: _type, ...withoutType } = createInput();
    expect(await failure(as(member).contests.create(withoutType as never))).toEqual({
      code: 'BAD_REQUEST',
      message: M.type,
    });
    expect(
      (await failure(as(member).contests.create(createInput({ category: 'art', type: 'sports' }))))
        .message,
    ).toBe(M.typeMismatch);
  });

  it("answers SPEC 5's message for each broken field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'ab' }, M.title],
      [{ category: 'poker', type: 'poker' }, M.category],
      [{ shortDescription: 'too short' }, M.shortDescription],
      [{ shortDescription: 'x'.repeat(301) }, M.shortDescriptionMax],
      [{ mode: undefined }, M.mode],
      [{ maxParticipants: undefined }, M.maxParticipants],
      [{ maxParticipants: 0 }, M.maxParticipantsMin],
      [{ maxParticipants: 10_001 }, M.maxParticipantsMax],
      [{ maxParticipants: 2.5 }, M.maxParticipantsWhole],
      [{ format: 'live' }, M.format],
      [{ registrationDeadline: undefined }, M.registrationDeadline],
      [{ startDate: '' }, M.startDate],
      [{ endDate: null }, M.endDate],
      [{ participationType: undefined }, M.participationType],
      [{ requiredTier: 'premium' }, M.requiredTier],
      [{ description: 'Short.' }, M.description],
      [{ externalLink: 'javascript:alert(1)' }, M.externalLink],
      [{ coverImage: 'https://evil.example/x.png' }, M.coverImage],
      [{ pdfGuide: '/etc/passwd' }, M.pdfGuide],
    ];
    for (const [change, message] of cases) {
      expect(
        await failure(as(member).contests.create({ ...createInput(), ...change } as never)),
        JSON.stringify(change),
      ).toEqual({ code: 'BAD_REQUEST', message });
    }
  });

  it('answers 400 with a clear message for a bad date, never a 500', async () => {
    expect(
      (await failure(as(member).contests.create(createInput({ startDate: 'next tuesday' }))))
        .message,
    ).toBe('Start date must be a valid date and time');
    expect(
      (await failure(as(member).contests.create(createInput({ endDate: '2026-02-31' })))).message,
    ).toBe('End date must be a valid date and time');
    expect(
      (await failure(as(member).contests.create(createInput({ startDate: new Date('nope') }))))
        .message,
    ).toBe('Start date must be a valid date and time');
    expect(
      (await failure(as(member).contests.create(createInput({ startDate: '1970-01-01' })))).message,
    ).toBe('Start date must be between 2000 and 2100');
  });

  it('accepts ISO strings for dates, as REST clients send them', async () => {
    const created = await as(member).contests.create(
      createInput({
        title: 'String Dates',
        registrationDeadline: '2030-05-31T12:00:00.000Z',
        startDate: '2030-06-01T09:00:00Z',
        endDate: '2030-06-08T09:00:00+02:00',
      }),
    );
    expect((await storedContest(t.db, created.id))?.endDate?.toISOString()).toBe(
      '2030-06-08T07:00:00.000Z',
    );
  });

  it('makes unique slugs, never a reserved word or a bare number', async () => {
    const a = await as(member).contests.create(createInput({ title: 'Same Name' }));
    const b = await as(other).contests.create(createInput({ title: 'Same  name!' }));
    const c = await as(member).contests.create(createInput({ title: 'Create' }));
    const d = await as(member).contests.create(createInput({ title: '2024' }));
    const e = await as(member).contests.create(createInput({ title: 'Ça Déjà Vu' }));
    expect([a.slug, b.slug, c.slug, d.slug, e.slug]).toEqual([
      'same-name',
      'same-name-2',
      'create-2',
      'contest-2024',
      'ca-deja-vu',
    ]);
  });

  it("accepts only the caller's own cover and guide uploads, or a shipped demo cover", async () => {
    const cover = await uploadRow(t.db, member.id, 'cover');
    const guide = await uploadRow(t.db, member.id, 'guide');
    const created = await as(member).contests.create(
      createInput({ title: 'With Files', coverImage: cover, pdfGuide: guide }),
    );
    expect(await storedContest(t.db, created.id)).toMatchObject({
      coverImage: cover,
      pdfGuide: guide,
    });
    const demo = await as(member).contests.create(
      createInput({ title: 'Demo Cover', coverImage: '/images/contests/candle-games.jpg' }),
    );
    expect(demo.coverImage).toBe('/images/contests/candle-games.jpg');

    const before = await contestCount();
    const theirs = await uploadRow(t.db, other.id, 'cover');
    expect(await failure(as(member).contests.create(createInput({ coverImage: theirs })))).toEqual({
      code: 'BAD_REQUEST',
      message: M.coverImage,
    });
    const avatar = await uploadRow(t.db, member.id, 'avatar');
    expect(
      (await failure(as(member).contests.create(createInput({ coverImage: avatar })))).message,
    ).toBe(M.coverImage);
    // An image uploaded without a purpose is not a PDF guide.
    const anyImage = await uploadRow(t.db, member.id, 'any');
    expect(
      (await failure(as(member).contests.create(createInput({ pdfGuide: anyImage })))).message,
    ).toBe(M.pdfGuide);
    expect(
      (
        await failure(
          as(member).contests.create(
            createInput({ coverImage: '/images/contests/not-shipped.jpg' }),
          ),
        )
      ).message,
    ).toBe(M.coverImage);
    expect(await contestCount()).toBe(before);
  });

  it("submits the caller's own draft in place, and nobody else's", async () => {
    const draft = await as(member).contests.saveDraft({ title: 'Draft To Submit' });
    const submitted = await as(member).contests.create(
      createInput({ id: draft.id, title: 'Draft Submitted' }),
    );
    expect(submitted).toMatchObject({ id: draft.id, status: 'pending', slug: 'draft-submitted' });
    expect((await as(member).contests.drafts()).map((d) => d.id)).not.toContain(draft.id);
    expect(await auditOf(draft.id)).toEqual([
      {
        action: 'contest.status',
        actorId: member.id,
        before: { status: 'draft' },
        after: { status: 'pending' },
      },
    ]);

    const theirs = await as(other).contests.saveDraft({ title: 'Not Yours' });
    expect(await failure(as(member).contests.create(createInput({ id: theirs.id })))).toEqual({
      code: 'NOT_FOUND',
      message: M.notFound,
    });
    const active = await insertContest(t.db, { createdBy: member.id, status: 'active' });
    expect((await failure(as(member).contests.create(createInput({ id: active.id })))).code).toBe(
      'FORBIDDEN',
    );
    expect((await storedContest(t.db, theirs.id))?.status).toBe('draft');
  });

  it('ignores a createdBy in the body: the creator is the caller', async () => {
    const created = await as(admin).contests.create({
      ...createInput({ title: 'Created By Ignored' }),
      createdBy: 1,
    } as never);
    expect((await storedContest(t.db, created.id))?.createdBy).toBe(admin.id);
  });
});

describe('contests.saveDraft', () => {
  it('creates a draft from whatever is filled, defaults for the rest', async () => {
    const draft = await as(member).contests.saveDraft({ title: 'Half Done', category: 'art' });
    expect(await storedContest(t.db, draft.id)).toMatchObject({
      title: 'Half Done',
      slug: 'half-done',
      status: 'draft',
      draft: true,
      category: 'art',
      type: 'art',
      mode: 'individual',
      maxParticipants: 100,
      format: 'league',
      participationType: 'free',
      requiredTier: 'free',
      startDate: null,
      description: null,
      createdBy: member.id,
      featured: false,
    });
  });

  it('saves an empty draft under a placeholder slug until it has a title', async () => {
    const empty = await as(member).contests.saveDraft({ title: '', shortDescription: '' });
    expect(empty.title).toBe('');
    expect(empty.slug).toMatch(/^draft-[0-9a-f]{10}$/);
    const titled = await as(member).contests.saveDraft({ id: empty.id, title: 'Now Titled' });
    expect(titled.slug).toBe('now-titled');
  });

  it('merges into the caller\u2019s own draft: absent keeps, empty clears', async () => {
    const draft = await as(member).contests.saveDraft({
      title: 'Merge Me',
      shortDescription: 'A short description that is long enough.',
      maxParticipants: 40,
    });
    const saved = await as(member).contests.saveDraft({
      id: draft.id,
      shortDescription: '',
      startDate: '2031-01-01T10:00:00Z',
      participationType: 'paid',
      entryFee: '12',
    });
    expect(await storedContest(t.db, draft.id)).toMatchObject({
      title: 'Merge Me',
      shortDescription: null,
      maxParticipants: 40,
      participationType: 'paid',
      entryFee: '12',
    });
    expect(saved.startDate?.toISOString()).toBe('2031-01-01T10:00:00.000Z');
    expect((await storedContest(t.db, draft.id))!.updatedAt.getTime()).toBeGreaterThanOrEqual(
      draft.updatedAt.getTime(),
    );
  });

  it("validates what is filled with SPEC 5's messages", async () => {
    const before = await contestCount();
    expect(await failure(as(member).contests.saveDraft({ title: 'ab' }))).toEqual({
      code: 'BAD_REQUEST',
      message: M.title,
    });
    expect((await failure(as(member).contests.saveDraft({ startDate: 'soon' }))).message).toBe(
      'Start date must be a valid date and time',
    );
    expect((await failure(as(member).contests.saveDraft({ maxParticipants: 0 }))).message).toBe(
      M.maxParticipantsMin,
    );
    expect(await contestCount()).toBe(before);
  });

  it("never touches someone else's draft, nor a contest that left draft", async () => {
    const theirs = await as(other).contests.saveDraft({ title: 'Their Draft' });
    expect(
      await failure(as(member).contests.saveDraft({ id: theirs.id, title: 'Hijacked' })),
    ).toEqual({ code: 'NOT_FOUND', message: M.notFound });
    // Not even a moderator: drafts belong to their author.
    expect(
      (await failure(as(moderator).contests.saveDraft({ id: theirs.id, title: 'Hijacked' }))).code,
    ).toBe('NOT_FOUND');
    expect((await storedContest(t.db, theirs.id))?.title).toBe('Their Draft');
    const pending = await insertContest(t.db, { createdBy: member.id, status: 'pending' });
    expect(
      await failure(as(member).contests.saveDraft({ id: pending.id, title: 'Back To Draft' })),
    ).toEqual({ code: 'CONFLICT', message: 'Only drafts can be saved as a draft' });
    expect((await storedContest(t.db, pending.id))?.status).toBe('pending');
  });
});

describe('contests.update', () => {
  it('lets the creator edit their own pending contest, which stays pending', async () => {
    const created = await as(member).contests.create(createInput({ title: 'Editable Pending' }));
    const updated = await as(member).contests.update({ id: created.id, title: 'Edited Pending' });
    expect(updated).toMatchObject({ status: 'pending', slug: 'edited-pending' });
    expect((await storedContest(t.db, created.id))?.title).toBe('Edited Pending');
  });

  it('resubmits a rejected contest: pending with approval on, active with it off', async () => {
    const first = await insertContest(t.db, { createdBy: member.id, status: 'rejected' });
    await as(member).contests.update({ id: first.id, status: 'pending' });
    expect((await storedContest(t.db, first.id))?.status).toBe('pending');
    await setApproval(false);
    const second = await insertContest(t.db, { createdBy: member.id, status: 'rejected' });
    // Whatever status a member asks for, resubmitting follows the setting.
    await as(member).contests.update({ id: second.id, status: 'completed' });
    expect((await storedContest(t.db, second.id))?.status).toBe('active');
    expect(await auditOf(second.id)).toEqual([
      {
        action: 'contest.status',
        actorId: member.id,
        before: { status: 'rejected' },
        after: { status: 'active' },
      },
    ]);
  });

  it('keeps an edited rejected contest rejected until it is resubmitted', async () => {
    const rejected = await insertContest(t.db, { createdBy: member.id, status: 'rejected' });
    await as(member).contests.update({ id: rejected.id, prize: 'A bigger prize' });
    expect(await storedContest(t.db, rejected.id)).toMatchObject({
      status: 'rejected',
      prize: 'A bigger prize',
    });
  });

  it("submits a draft only when it is whole, with the wizard's messages", async () => {
    const draft = await as(member).contests.saveDraft({ title: 'Incomplete Draft' });
    expect(await failure(as(member).contests.update({ id: draft.id, status: 'pending' }))).toEqual({
      code: 'BAD_REQUEST',
      message: M.shortDescription,
    });
    expect((await storedContest(t.db, draft.id))?.status).toBe('draft');
  });

  it('refuses members what is not theirs to change', async () => {
    const active = await insertContest(t.db, { createdBy: member.id, status: 'active' });
    expect(await failure(as(member).contests.update({ id: active.id, title: 'Too Late' }))).toEqual(
      { code: 'FORBIDDEN', message: 'This contest can no longer be edited' },
    );
    const theirsActive = await insertContest(t.db, { createdBy: other.id, status: 'active' });
    expect(
      (await failure(as(member).contests.update({ id: theirsActive.id, title: 'Not Mine' }))).code,
    ).toBe('FORBIDDEN');
    for (const status of ['draft', 'pending', 'rejected'] as const) {
      const hidden = await insertContest(t.db, { createdBy: other.id, status });
      expect(await failure(as(member).contests.update({ id: hidden.id, title: 'Peek' }))).toEqual({
        code: 'NOT_FOUND',
        message: M.notFound,
      });
      expect((await storedContest(t.db, hidden.id))?.title).toBe(hidden.title);
    }
    const pending = await insertContest(t.db, { createdBy: member.id, status: 'pending' });
    expect(
      (await failure(as(member).contests.update({ id: pending.id, featured: true }))).code,
    ).toBe('FORBIDDEN');
    expect((await storedContest(t.db, pending.id))?.featured).toBe(false);
    expect(await failure(as(member).contests.update({ id: 9_999_999, title: 'Nowhere' }))).toEqual({
      code: 'NOT_FOUND',
      message: M.notFound,
    });
  });

  it("lets moderators edit any contest under the server's rules, audited", async () => {
    const active = await insertContest(t.db, {
      createdBy: member.id,
      status: 'active',
      title: 'Published Title',
      slug: 'published-title',
    });
    const updated = await as(moderator).contests.update({
      id: active.id,
      title: 'Renamed By Moderator',
      description: 'Ten chars!',
      type: 'sports',
    });
    // Published: the slug stays; the type moves the category with it.
    expect(updated).toMatchObject({
      slug: 'published-title',
      title: 'Renamed By Moderator',
      type: 'sports',
      category: 'sports',
      description: 'Ten chars!',
    });
    const [entry] = await auditOf(active.id);
    expect(entry).toMatchObject({
      action: 'contest.update',
      actorId: moderator.id,
      before: { title: 'Published Title', type: 'other', category: 'other' },
      after: { title: 'Renamed By Moderator', type: 'sports', category: 'sports' },
    });
    expect((entry!.after as Record<string, unknown>).description).toBe('(changed)');
    expect(
      (await failure(as(moderator).contests.update({ id: active.id, description: 'Too short' })))
        .message,
    ).toBe(M.serverDescription);
  });

  it('fixes the slug once the contest has been published, whatever status follows', async () => {
    const created = await as(member).contests.create(createInput({ title: 'Slug Before' }));
    expect(created).toMatchObject({ slug: 'slug-before', publishedAt: null });
    await as(member).contests.update({ id: created.id, title: 'Slug While Pending' });
    expect((await storedContest(t.db, created.id))?.slug).toBe('slug-while-pending');
    const approved = await as(moderator).contests.setStatus({ id: created.id, status: 'active' });
    expect(approved.publishedAt).toBeInstanceOf(Date);
    // Sent back to pending by an admin, renamed by its creator: links to it keep working.
    await as(admin).contests.update({ id: created.id, status: 'rejected' });
    await as(member).contests.update({ id: created.id, title: 'Slug After Rejection' });
    expect(await storedContest(t.db, created.id)).toMatchObject({
      title: 'Slug After Rejection',
      slug: 'slug-while-pending',
      publishedAt: approved.publishedAt,
    });
    expect((await as(member).contests.get({ idOrSlug: 'slug-while-pending' })).id).toBe(created.id);
  });

  it('lets admins set any status and featured directly (the edit dialog)', async () => {
    const pending = await insertContest(t.db, { createdBy: member.id, status: 'completed' });
    await as(admin).contests.update({ id: pending.id, status: 'pending', featured: true });
    expect(await storedContest(t.db, pending.id)).toMatchObject({
      status: 'pending',
      featured: true,
    });
    expect((await auditOf(pending.id)).map((a) => a.action)).toEqual([
      'contest.status',
      'contest.feature',
    ]);
    expect(
      await failure(as(admin).contests.update({ id: pending.id, status: 'draft' })),
    ).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('refuses to publish a draft that lacks what the server requires', async () => {
    const draft = await as(member).contests.saveDraft({ title: 'Admin Publishes' });
    expect(
      await failure(
        as(admin).contests.update({ id: draft.id, status: 'active', description: 'Long enough!' }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: M.startDate });
    expect((await storedContest(t.db, draft.id))?.status).toBe('draft');
  });

  it('never lowers the cap below the members already in', async () => {
    const active = await insertContest(t.db, { createdBy: member.id, status: 'active' });
    await t.db.update(contests).set({ participants: 5 }).where(eq(contests.id, active.id));
    expect(
      (await failure(as(admin).contests.update({ id: active.id, maxParticipants: 4 }))).message,
    ).toBe('Max participants cannot be lower than the current number of participants (5)');
    await as(admin).contests.update({ id: active.id, maxParticipants: 5 });
    expect((await storedContest(t.db, active.id))?.maxParticipants).toBe(5);
  });

  it('clears the fee when a contest stops being paid, and mints an invite code for invite', async () => {
    const paid = await insertContest(t.db, {
      createdBy: member.id,
      status: 'pending',
      participationType: 'paid',
      entryFee: '30',
    });
    await as(member).contests.update({ id: paid.id, participationType: 'invite' });
    const row = (await storedContest(t.db, paid.id))!;
    expect(row.entryFee).toBeNull();
    expect(row.inviteCode).toMatch(/^[A-Za-z0-9_-]{8}$/);
  });

  it('accepts a cover only if it is new and the caller’s own', async () => {
    const cover = await uploadRow(t.db, member.id, 'cover');
    const created = await as(member).contests.create(
      createInput({ title: 'Cover Kept', coverImage: cover }),
    );
    // A moderator editing other fields keeps the member's cover without owning it.
    await as(moderator).contests.update({ id: created.id, coverImage: cover, prize: 'More' });
    expect(await storedContest(t.db, created.id)).toMatchObject({
      coverImage: cover,
      prize: 'More',
    });
    const someoneElses = await uploadRow(t.db, other.id, 'cover');
    expect(
      (await failure(as(member).contests.update({ id: created.id, coverImage: someoneElses })))
        .message,
    ).toBe(M.coverImage);
  });
});

describe('contests.setStatus', () => {
  it('approves and rejects pending contests, completes active ones, audited', async () => {
    const a = await insertContest(t.db, { createdBy: member.id, status: 'pending' });
    const b = await insertContest(t.db, { createdBy: member.id, status: 'pending' });
    const approved = await as(moderator).contests.setStatus({ id: a.id, status: 'active' });
    expect(approved.status).toBe('active');
    await as(admin).contests.setStatus({ id: b.id, status: 'rejected' });
    await as(admin).contests.setStatus({ id: a.id, status: 'completed' });
    expect((await storedContest(t.db, a.id))?.status).toBe('completed');
    expect((await storedContest(t.db, b.id))?.status).toBe('rejected');
    expect(await auditOf(a.id)).toEqual([
      {
        action: 'contest.status',
        actorId: moderator.id,
        before: { status: 'pending' },
        after: { status: 'active' },
      },
      {
        action: 'contest.status',
        actorId: admin.id,
        before: { status: 'active' },
        after: { status: 'completed' },
      },
    ]);
  });

  it('holds the transitions of SPEC 4', async () => {
    const active = await insertContest(t.db, { createdBy: member.id, status: 'active' });
    const pending = await insertContest(t.db, { createdBy: member.id, status: 'pending' });
    const completed = await insertContest(t.db, { createdBy: member.id, status: 'completed' });
    expect(
      await failure(as(admin).contests.setStatus({ id: active.id, status: 'active' })),
    ).toEqual({ code: 'CONFLICT', message: 'Only pending contests can be approved' });
    expect(
      (await failure(as(admin).contests.setStatus({ id: completed.id, status: 'rejected' })))
        .message,
    ).toBe('Only pending contests can be rejected');
    expect(
      (await failure(as(admin).contests.setStatus({ id: pending.id, status: 'completed' })))
        .message,
    ).toBe('Only active contests can be marked as completed');
    expect(
      (await failure(as(admin).contests.setStatus({ id: pending.id, status: 'pending' as never })))
        .code,
    ).toBe('BAD_REQUEST');
    expect(
      await failure(as(admin).contests.setStatus({ id: 9_999_999, status: 'active' })),
    ).toEqual({ code: 'NOT_FOUND', message: M.notFound });
    expect((await storedContest(t.db, pending.id))?.status).toBe('pending');
    expect(await auditOf(active.id)).toEqual([]);
  });

  it('is for moderators and admins only', async () => {
    const pending = await insertContest(t.db, { createdBy: member.id, status: 'pending' });
    expect(
      (await failure(as(member).contests.setStatus({ id: pending.id, status: 'active' }))).code,
    ).toBe('FORBIDDEN');
    expect((await storedContest(t.db, pending.id))?.status).toBe('pending');
  });
});

describe('contests.setFeatured', () => {
  it('toggles featured with an audit row per change, none for no change', async () => {
    const active = await insertContest(t.db, { createdBy: member.id, status: 'active' });
    await as(moderator).contests.setFeatured({ id: active.id, featured: true });
    await as(moderator).contests.setFeatured({ id: active.id, featured: true });
    expect((await storedContest(t.db, active.id))?.featured).toBe(true);
    await as(admin).contests.setFeatured({ id: active.id, featured: false });
    expect((await storedContest(t.db, active.id))?.featured).toBe(false);
    expect(await auditOf(active.id)).toEqual([
      {
        action: 'contest.feature',
        actorId: moderator.id,
        before: { featured: false },
        after: { featured: true },
      },
      {
        action: 'contest.feature',
        actorId: admin.id,
        before: { featured: true },
        after: { featured: false },
      },
    ]);
  });

  it('refuses members and unknown ids', async () => {
    const active = await insertContest(t.db, { createdBy: member.id, status: 'active' });
    expect(
      (await failure(as(member).contests.setFeatured({ id: active.id, featured: true }))).code,
    ).toBe('FORBIDDEN');
    expect(
      (await failure(as(admin).contests.setFeatured({ id: 9_999_999, featured: true }))).code,
    ).toBe('NOT_FOUND');
    expect(
      (await failure(as(admin).contests.setFeatured({ id: active.id, featured: 'yes' as never })))
        .message,
    ).toBe(M.featured);
    expect((await storedContest(t.db, active.id))?.featured).toBe(false);
  });
});

describe('contests.get', () => {
  it('finds a contest by numeric id, numeric string or slug (any case)', async () => {
    const active = await insertContest(t.db, {
      createdBy: other.id,
      status: 'active',
      slug: 'find-me-by-slug',
    });
    for (const idOrSlug of [active.id, String(active.id), 'find-me-by-slug', 'Find-Me-By-Slug']) {
      expect((await as(member).contests.get({ idOrSlug })).id).toBe(active.id);
    }
    expect(await failure(as(member).contests.get({ idOrSlug: 'no-such-contest' }))).toEqual({
      code: 'NOT_FOUND',
      message: M.notFound,
    });
    expect((await failure(as(member).contests.get({ idOrSlug: 9_999_999 }))).code).toBe(
      'NOT_FOUND',
    );
    expect((await failure(as(member).contests.get({ idOrSlug: '' }))).code).toBe('BAD_REQUEST');
  });

  it("hides another member's draft, pending and rejected contests as if absent", async () => {
    for (const status of ['draft', 'pending', 'rejected'] as const) {
      const hidden = await insertContest(t.db, { createdBy: other.id, status });
      expect(await failure(as(member).contests.get({ idOrSlug: hidden.id }))).toEqual({
        code: 'NOT_FOUND',
        message: M.notFound,
      });
      expect((await failure(as(member).contests.get({ idOrSlug: hidden.slug }))).code).toBe(
        'NOT_FOUND',
      );
      // Its creator and the reviewers see it.
      expect((await as(other).contests.get({ idOrSlug: hidden.id })).status).toBe(status);
      expect((await as(moderator).contests.get({ idOrSlug: hidden.id })).status).toBe(status);
      expect((await as(admin).contests.get({ idOrSlug: hidden.slug })).status).toBe(status);
    }
    const completed = await insertContest(t.db, { createdBy: other.id, status: 'completed' });
    expect((await as(member).contests.get({ idOrSlug: completed.id })).status).toBe('completed');
  });

  it('shows the invite code to the creator and reviewers only, and who may edit', async () => {
    const invite = await insertContest(t.db, {
      createdBy: other.id,
      status: 'active',
      participationType: 'invite',
      inviteCode: 'SECRET12',
    });
    expect(await as(member).contests.get({ idOrSlug: invite.id })).toMatchObject({
      inviteCode: null,
      canEdit: false,
    });
    expect(await as(other).contests.get({ idOrSlug: invite.id })).toMatchObject({
      inviteCode: 'SECRET12',
      canEdit: false,
    });
    expect(await as(moderator).contests.get({ idOrSlug: invite.id })).toMatchObject({
      inviteCode: 'SECRET12',
      canEdit: true,
    });
    const pending = await insertContest(t.db, { createdBy: other.id, status: 'pending' });
    expect((await as(other).contests.get({ idOrSlug: pending.id })).canEdit).toBe(true);
  });

  it("names the creator, or nobody once the creator's account is gone", async () => {
    const leaving = await createUser(t.db);
    const left = await insertContest(t.db, { createdBy: leaving.id, status: 'active' });
    expect((await as(member).contests.get({ idOrSlug: left.id })).creatorName).toBe(
      leaving.username,
    );
    await as(admin).adminUsers.delete({ id: leaving.id });
    expect(await as(member).contests.get({ idOrSlug: left.id })).toMatchObject({
      creatorName: null,
      createdBy: leaving.id,
    });
  });
});

describe('contests.drafts', () => {
  it("lists only the caller's drafts, newest first, with SPEC 3's fields", async () => {
    const lister = await createUser(t.db);
    const first = await as(lister).contests.saveDraft({ title: 'First Draft' });
    const second = await as(lister).contests.saveDraft({
      title: 'Second Draft',
      shortDescription: 'Second draft, long enough.',
    });
    await as(other).contests.saveDraft({ title: 'Not Listed' });
    await insertContest(t.db, { createdBy: lister.id, status: 'pending' });
    await as(lister).contests.saveDraft({ id: first.id, category: 'art' });
    const drafts = await as(lister).contests.drafts();
    expect(drafts.map((d) => d.id)).toEqual([first.id, second.id]);
    expect(Object.keys(drafts[1]!).sort()).toEqual(
      ['coverImage', 'id', 'shortDescription', 'title', 'updatedAt'].sort(),
    );
    expect(drafts[1]).toMatchObject({
      title: 'Second Draft',
      shortDescription: 'Second draft, long enough.',
    });
    expect(await as(admin).contests.drafts()).not.toContainEqual(
      expect.objectContaining({ id: first.id }),
    );
  });
});

describe('contests.list', async () => {
  // A database of its own, so each tab's content is known exactly.
  const l = await createTestDb();
  afterAll(() => l.close());
  const me = await createUser(l.db);
  const them = await createUser(l.db);
  const now = Date.now();
  const at = (days: number) => new Date(now + days * DAY);
  const make = async (
    key: string,
    values: Partial<Parameters<typeof insertContest>[1]> & { createdBy?: number },
  ) => [
    key,
    (await insertContest(l.db, { createdBy: them.id, slug: key, title: key, ...values })).id,
  ];
  const ids = Object.fromEntries([
    await make('running', { startDate: at(-1), endDate: at(6), category: 'forex' }),
    await make('runningFeatured', { startDate: at(-2), endDate: at(5), featured: true }),
    await make('upcoming', { startDate: at(3), endDate: at(10), requiredTier: 'pro' }),
    await make('upcomingFeatured', { startDate: at(5), endDate: at(12), featured: true }),
    await make('ended', { startDate: at(-10), endDate: at(-3), participationType: 'paid' }),
    await make('completed', { startDate: at(-20), endDate: at(-13), status: 'completed' }),
    await make('theirPending', { status: 'pending' }),
    await make('theirRejected', { status: 'rejected' }),
    await make('theirDraft', { status: 'draft' }),
    await make('featuredPending', { status: 'pending', featured: true }),
    await make('myPending', { createdBy: me.id, status: 'pending' }),
    await make('myDraft', { createdBy: me.id, status: 'draft' }),
    await make('myActive', { createdBy: me.id, startDate: at(1), endDate: at(8) }),
  ]) as Record<string, number>;
  const list = async (
    input: Parameters<ReturnType<typeof callerFor>['caller']['contests']['list']>[0],
  ) => await callerFor(l, me).caller.contests.list(input);
  const keysOf = (items: { id: number }[]) =>
    items.map((i) => Object.keys(ids).find((k) => ids[k] === i.id));

  it("'all' is every contest members may see: active and completed", async () => {
    const all = await list({ tab: 'all', pageSize: 100 });
    expect(keysOf(all.items).sort()).toEqual(
      [
        'running',
        'runningFeatured',
        'upcoming',
        'upcomingFeatured',
        'ended',
        'completed',
        'myActive',
      ].sort(),
    );
    expect(all.total).toBe(7);
  });

  it("'featured' is featured and active; 'active' is running now, ending soonest first", async () => {
    expect(keysOf((await list({ tab: 'featured' })).items).sort()).toEqual(
      ['runningFeatured', 'upcomingFeatured'].sort(),
    );
    expect(keysOf((await list({ tab: 'active' })).items)).toEqual(['runningFeatured', 'running']);
  });

  it("'upcoming' starts in the future, soonest first; 'past' is completed or ended", async () => {
    expect(keysOf((await list({ tab: 'upcoming' })).items)).toEqual([
      'myActive',
      'upcoming',
      'upcomingFeatured',
    ]);
    expect(keysOf((await list({ tab: 'past' })).items)).toEqual(['ended', 'completed']);
  });

  it("'mine' is what I created (not drafts) or joined; 'drafts' is my drafts", async () => {
    await l.db.insert(contestParticipants).values({ contestId: ids.running!, userId: me.id });
    expect(keysOf((await list({ tab: 'mine' })).items).sort()).toEqual(
      ['myActive', 'myPending', 'running'].sort(),
    );
    expect(keysOf((await list({ tab: 'drafts' })).items)).toEqual(['myDraft']);
  });

  it('filters by category, tier and participation type', async () => {
    expect(keysOf((await list({ tab: 'all', category: 'forex' })).items)).toEqual(['running']);
    expect(keysOf((await list({ tab: 'all', tier: 'pro' })).items)).toEqual(['upcoming']);
    expect(keysOf((await list({ tab: 'past', participation: 'paid' })).items)).toEqual(['ended']);
    expect(
      (await list({ tab: 'all', category: 'forex', tier: 'pro', participation: 'free' })).total,
    ).toBe(0);
  });

  it('pages with a total, in a stable order', async () => {
    const first = await list({ tab: 'all', page: 1, pageSize: 3 });
    const second = await list({ tab: 'all', page: 2, pageSize: 3 });
    const third = await list({ tab: 'all', page: 3, pageSize: 3 });
    expect([first.total, second.total, third.total]).toEqual([7, 7, 7]);
    expect([first.items.length, second.items.length, third.items.length]).toEqual([3, 3, 1]);
    const seen = [...first.items, ...second.items, ...third.items].map((i) => i.id);
    expect(new Set(seen).size).toBe(7);
    expect((await list({ tab: 'all', page: 9, pageSize: 3 })).items).toEqual([]);
  });

  it('answers 400 for a bad tab, filter or page, never a 500', async () => {
    const caller = callerFor(l, me).caller;
    expect(await failure(caller.contests.list({ tab: 'everything' as never }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Tab must be one of all, featured, active, upcoming, past, mine, drafts',
    });
    expect((await failure(caller.contests.list({ category: 'chess' as never }))).code).toBe(
      'BAD_REQUEST',
    );
    expect((await failure(caller.contests.list({ pageSize: 101 }))).message).toBe(
      'Page size must be at most 100',
    );
    expect((await failure(caller.contests.list({ page: 0 }))).message).toBe(
      'Page must be at least 1',
    );
  });

  it('gives list items without the long description or the invite code', async () => {
    const [item] = (await list({ tab: 'all', pageSize: 1 })).items;
    expect(item).not.toHaveProperty('description');
    expect(item).not.toHaveProperty('inviteCode');
    expect(item!.startDate).toBeInstanceOf(Date);
  });
});

describe('contests.adminList', () => {
  it("lists every contest with its creator's name, by tab and title search", async () => {
    const a = await createTestDb();
    try {
      const mod = await createUser(a.db, { role: 'moderator' });
      const gone = await createUser(a.db);
      const stays = await createUser(a.db);
      await insertContest(a.db, { createdBy: stays.id, status: 'pending', title: 'Chess Night' });
      await insertContest(a.db, { createdBy: gone.id, status: 'active', title: 'Poker Cup' });
      await insertContest(a.db, {
        createdBy: stays.id,
        status: 'active',
        featured: true,
        title: 'Go',
      });
      await insertContest(a.db, { createdBy: stays.id, status: 'completed', title: 'Chess Final' });
      await insertContest(a.db, { createdBy: stays.id, status: 'rejected', title: 'Darts' });
      await insertContest(a.db, { createdBy: stays.id, status: 'draft', title: 'Draft Idea' });
      await a.db.delete(users).where(eq(users.id, gone.id));
      const caller = callerFor(a, mod).caller;
      const all = await caller.contests.adminList({});
      expect(all.total).toBe(6);
      const poker = all.items.find((i) => i.title === 'Poker Cup')!;
      expect(poker).toMatchObject({ creatorName: null, createdBy: gone.id });
      expect(all.items.find((i) => i.title === 'Go')?.creatorName).toBe(stays.username);
      const titles = async (input: Parameters<typeof caller.contests.adminList>[0]) =>
        (await caller.contests.adminList(input)).items.map((i) => i.title).sort();
      expect(await titles({ tab: 'pending' })).toEqual(['Chess Night']);
      expect(await titles({ tab: 'active' })).toEqual(['Go', 'Poker Cup']);
      expect(await titles({ tab: 'featured' })).toEqual(['Go']);
      expect(await titles({ tab: 'completed' })).toEqual(['Chess Final']);
      expect(await titles({ tab: 'rejected' })).toEqual(['Darts']);
      expect(await titles({ search: 'CHESS' })).toEqual(['Chess Final', 'Chess Night']);
      expect(await titles({ search: '%' })).toEqual([]);
      const page = await caller.contests.adminList({ page: 2, pageSize: 4 });
      expect([page.total, page.items.length]).toEqual([6, 2]);
      expect((await failure(caller.contests.adminList({ tab: 'drafts' as never }))).code).toBe(
        'BAD_REQUEST',
      );
      const memberCaller = callerFor(a, stays).caller;
      expect((await failure(memberCaller.contests.adminList({}))).code).toBe('FORBIDDEN');
    } finally {
      await a.close();
    }
  });
});

describe('contests.participants', () => {
  it('lists a contest\u2019s members for moderators and admins, by rank, paged', async () => {
    const contest = await insertContest(t.db, { createdBy: member.id, status: 'active' });
    const first = await createUser(t.db);
    const second = await createUser(t.db);
    const last = await createUser(t.db);
    // Ranks follow the scores as rows are added (domain/participation/contestParticipants.ts).
    await addParticipant({ db: t.db, contestId: contest.id, userId: last.id });
    await addParticipant({ db: t.db, contestId: contest.id, userId: second.id, score: 40 });
    await addParticipant({ db: t.db, contestId: contest.id, userId: first.id, score: 90 });
    for (const reviewer of [moderator, admin]) {
      const list = await as(reviewer).contests.participants({ id: contest.id });
      expect(list.total).toBe(3);
      expect(
        list.items.map(({ userId, username, score, rank }) => ({ userId, username, score, rank })),
      ).toEqual([
        { userId: first.id, username: first.username, score: 90, rank: 1 },
        { userId: second.id, username: second.username, score: 40, rank: 2 },
        // Joined without a score: unranked, listed last.
        { userId: last.id, username: last.username, score: null, rank: null },
      ]);
      expect(list.items[0]!.joinedAt).toBeInstanceOf(Date);
    }
    const page2 = await as(admin).contests.participants({ id: contest.id, page: 2, pageSize: 2 });
    expect([page2.total, page2.items.map((i) => i.userId)]).toEqual([3, [last.id]]);
  });

  it('answers an empty page for a contest nobody joined, 404 for an unknown one', async () => {
    const contest = await insertContest(t.db, { createdBy: member.id, status: 'pending' });
    expect(await as(moderator).contests.participants({ id: contest.id })).toEqual({
      scoreDecimals: 0,
      items: [],
      total: 0,
      page: 1,
      pageSize: 25,
    });
    const missing = await failure(as(admin).contests.participants({ id: 9_999_999 }));
    expect(missing).toEqual({ code: 'NOT_FOUND', message: M.notFound });
    expect(
      (await failure(as(admin).contests.participants({ id: contest.id, page: 0 }))).message,
    ).toBe('Page must be at least 1');
  });

  it('is refused to members, even the contest\u2019s creator', async () => {
    const contest = await insertContest(t.db, { createdBy: member.id, status: 'active' });
    expect((await failure(as(member).contests.participants({ id: contest.id }))).code).toBe(
      'FORBIDDEN',
    );
    expect(
      (await failure(callerFor(t).caller.contests.participants({ id: contest.id }))).code,
    ).toBe('UNAUTHORIZED');
  });
});

describe('the audit log names contest actions in words', () => {
  it('has a label for each contest action', () => {
    expect(auditActionLabel('contest.status')).toBe('Changed contest status');
    expect(auditActionLabel('contest.feature')).toBe('Changed featured contest');
    expect(auditActionLabel('contest.create')).toBe('Created contest');
    expect(auditActionLabel('contest.update')).toBe('Edited contest');
    expect(auditActionLabel('contest.scores')).toBe('Entered scores');
  });
});

describe('the date order: registrationDeadline <= startDate < endDate, on every path', () => {
  const start = new Date(Date.now() + 10 * DAY);
  const endBefore = { startDate: start, endDate: new Date(start.getTime() - DAY) };
  const lateDeadline = {
    registrationDeadline: new Date(start.getTime() + 60_000),
    startDate: start,
    endDate: new Date(start.getTime() + 5 * DAY),
  };

  it('create: refuses an end at or before the start, and a deadline after the start', async () => {
    for (const who of [member, admin]) {
      const before = await contestCount();
      expect(await failure(as(who).contests.create(createInput(endBefore)))).toEqual({
        code: 'BAD_REQUEST',
        message: M.endBeforeStart,
      });
      expect(
        await failure(as(who).contests.create(createInput({ startDate: start, endDate: start }))),
      ).toEqual({ code: 'BAD_REQUEST', message: M.endBeforeStart });
      expect(await failure(as(who).contests.create(createInput(lateDeadline)))).toEqual({
        code: 'BAD_REQUEST',
        message: M.deadlineAfterStart,
      });
      expect(await contestCount()).toBe(before);
    }
    // The deadline may be the start itself.
    await expect(
      as(member).contests.create(
        createInput({ registrationDeadline: start, startDate: start, title: 'Same Minute Cup' }),
      ),
    ).resolves.toMatchObject({ status: 'pending' });
  });

  it('drafts: saved in any order, refused when submitted', async () => {
    const draft = await as(member).contests.saveDraft({ title: 'Backwards Draft', ...endBefore });
    expect((await storedContest(t.db, draft.id))?.endDate).toEqual(endBefore.endDate);
    // Submitting it whole (the wizard's Submit) is checked.
    expect(
      await failure(
        as(member).contests.create(createInput({ id: draft.id, title: 'Backwards', ...endBefore })),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: M.endBeforeStart });
    // So is submitting the stored draft as it stands (any status from the creator submits).
    await as(member).contests.saveDraft({ id: draft.id, ...validForm(), ...lateDeadline });
    expect(await failure(as(member).contests.update({ id: draft.id, status: 'pending' }))).toEqual({
      code: 'BAD_REQUEST',
      message: M.deadlineAfterStart,
    });
    expect((await storedContest(t.db, draft.id))?.status).toBe('draft');
  });

  it('edits: one date changed is checked against the stored others', async () => {
    const created = await as(member).contests.create(createInput({ title: 'Edited Dates Cup' }));
    const stored = (await storedContest(t.db, created.id))!;
    // Only the end, before the stored start.
    expect(
      await failure(
        as(member).contests.update({
          id: created.id,
          endDate: new Date(stored.startDate!.getTime() - 1),
        }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: M.endBeforeStart });
    // Only the start, after the stored end (the end is then not after it).
    expect(
      await failure(
        as(moderator).contests.update({
          id: created.id,
          startDate: new Date(stored.endDate!.getTime() + DAY),
        }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: M.endBeforeStart });
    // Only the deadline, after the stored start: refused to reviewers too.
    expect(
      await failure(
        as(admin).contests.update({
          id: created.id,
          registrationDeadline: new Date(stored.startDate!.getTime() + 60_000),
        }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: M.deadlineAfterStart });
    expect(await storedContest(t.db, created.id)).toMatchObject({
      startDate: stored.startDate,
      endDate: stored.endDate,
      registrationDeadline: stored.registrationDeadline,
    });
    // Moving all three together is fine.
    const later = (d: Date | null) => new Date(d!.getTime() + 30 * DAY);
    await expect(
      as(admin).contests.update({
        id: created.id,
        registrationDeadline: later(stored.registrationDeadline),
        startDate: later(stored.startDate),
        endDate: later(stored.endDate),
      }),
    ).resolves.toMatchObject({ startDate: later(stored.startDate) });
  });

  it('approve: a pending contest with impossible dates is refused with the message', async () => {
    const backwards = await insertContest(t.db, {
      createdBy: member.id,
      status: 'pending',
      ...endBefore,
      registrationDeadline: new Date(start.getTime() - DAY),
    });
    expect(
      await failure(as(moderator).contests.setStatus({ id: backwards.id, status: 'active' })),
    ).toEqual({ code: 'BAD_REQUEST', message: M.endBeforeStart });
    const late = await insertContest(t.db, {
      createdBy: member.id,
      status: 'pending',
      ...lateDeadline,
    });
    expect(await failure(as(admin).contests.setStatus({ id: late.id, status: 'active' }))).toEqual({
      code: 'BAD_REQUEST',
      message: M.deadlineAfterStart,
    });
    expect((await storedContest(t.db, backwards.id))?.status).toBe('pending');
    expect((await storedContest(t.db, late.id))?.status).toBe('pending');
    expect(await auditOf(late.id)).toEqual([]);
    // It may still be rejected; fixed, it is approved.
    await as(moderator).contests.update({
      id: late.id,
      registrationDeadline: new Date(start.getTime() - DAY),
    });
    await expect(
      as(moderator).contests.setStatus({ id: late.id, status: 'active' }),
    ).resolves.toMatchObject({ status: 'active' });
    await expect(
      as(moderator).contests.setStatus({ id: backwards.id, status: 'rejected' }),
    ).resolves.toMatchObject({ status: 'rejected' });
  });
});

describe('score settings: scoreDecimals (0-4) and scoreOrder (higher or lower)', () => {
  it('default to whole numbers, higher is better, and are set by the wizard', async () => {
    const plain = await as(member).contests.create(createInput({ title: 'Plain Scores Cup' }));
    expect(plain).toMatchObject({ scoreDecimals: 0, scoreOrder: 'higher' });
    const timed = await as(member).contests.create(
      createInput({ title: 'Time Trial Cup', scoreDecimals: 3, scoreOrder: 'lower' }),
    );
    expect(await storedContest(t.db, timed.id)).toMatchObject({
      scoreDecimals: 3,
      scoreOrder: 'lower',
    });
    const draft = await as(member).contests.saveDraft({ title: 'Golf Draft', scoreOrder: 'lower' });
    expect(draft).toMatchObject({ scoreDecimals: 0, scoreOrder: 'lower' });
    expect(await failure(as(member).contests.create(createInput({ scoreDecimals: 5 })))).toEqual({
      code: 'BAD_REQUEST',
      message: M.scoreDecimals,
    });
    expect(
      await failure(as(member).contests.create(createInput({ scoreOrder: 'best' as never }))),
    ).toEqual({ code: 'BAD_REQUEST', message: M.scoreOrder });
  });

  it('an edit of the order ranks the contest again; fewer decimals than a score has is refused', async () => {
    const contest = await insertContest(t.db, {
      createdBy: member.id,
      status: 'active',
      scoreDecimals: 2,
    });
    const people = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    for (const [i, score] of [10.25, 30, 20].entries()) {
      await addParticipant({ db: t.db, contestId: contest.id, userId: people[i]!.id, score });
    }
    const ranks = () =>
      Promise.all(
        people.map(
          async (p) =>
            (
              await t.db
                .select({ rank: rankColumn() })
                .from(contestParticipants)
                .where(
                  and(
                    eq(contestParticipants.contestId, contest.id),
                    eq(contestParticipants.userId, p.id),
                  ),
                )
            )[0]!.rank,
        ),
      );
    expect(await ranks()).toEqual([3, 1, 2]);
    await as(moderator).contests.update({ id: contest.id, scoreOrder: 'lower' });
    expect(await ranks()).toEqual([1, 3, 2]);
    expect(
      await failure(as(moderator).contests.update({ id: contest.id, scoreDecimals: 1 })),
    ).toEqual({ code: 'BAD_REQUEST', message: M.scoreDecimalsInUse });
    await expect(
      as(moderator).contests.update({ id: contest.id, scoreDecimals: 4 }),
    ).resolves.toMatchObject({ scoreDecimals: 4, scoreOrder: 'lower' });
  });
});

describe('audit.list on contest changes', () => {
  it('names a contest target by its current title', async () => {
    const pending = await insertContest(t.db, {
      createdBy: member.id,
      status: 'pending',
      title: 'Named In Audit',
    });
    await as(admin).contests.setStatus({ id: pending.id, status: 'active' });
    const { entries } = await as(admin).audit.list({ action: 'contest.status', pageSize: 200 });
    expect(entries.find((e) => e.targetId === String(pending.id))).toMatchObject({
      targetType: 'contest',
      targetName: 'Named In Audit',
      before: { status: 'pending' },
      after: { status: 'active' },
    });
  });
});
