// The contest wizard's pure client helpers (src/client/components/contests/wizard): the rules
// templates, the browser copy under contestDraft, the conversions between the form's values, a
// stored draft and a draft save, and the two variants' defaults against the shared schemas.
import { describe, expect, it } from 'vitest';
import {
  BROWSER_DRAFT_KEY,
  clearBrowserDraft,
  readBrowserDraft,
  writeBrowserDraft,
  type DraftStorage,
} from '../../src/client/components/contests/wizard/browserDraft';
import {
  draftPayload,
  toLocalInput,
  valuesFromContest,
  type WizardValues,
} from '../../src/client/components/contests/wizard/formValues';
import { descriptionTemplate } from '../../src/client/components/contests/wizard/templates';
import {
  ADMIN_WIZARD,
  MEMBER_WIZARD,
  createdMessage,
  stepFields,
  stepOfField,
} from '../../src/client/components/contests/wizard/variants';
import { CONTEST_CATEGORIES, CONTEST_MESSAGES as M } from '../../src/shared/contests';
import {
  ZAdminContestFormSchema,
  ZContestFormSchema,
  ZDescription,
  type TContest,
} from '../../src/shared/schemas/contests';

function memoryStorage(): DraftStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

/** A whole, valid member form as its inputs hold it. */
function filledValues(overrides: Partial<WizardValues> = {}): WizardValues {
  return {
    ...MEMBER_WIZARD.initialValues,
    title: 'Autumn Gaming Cup',
    category: 'gaming',
    shortDescription: 'Eight rounds of friendly matches for every member.',
    maxParticipants: 64,
    registrationDeadline: '2031-03-01T09:00',
    startDate: '2031-03-02T10:00',
    endDate: '2031-03-09T18:30',
    prize: '$300 to the winner',
    description: descriptionTemplate('gaming', 'Autumn Gaming Cup')!,
    externalLink: 'https://example.org/cup',
    ...overrides,
  };
}

describe('rules templates', () => {
  it('exist for gaming, forex and academic, and pass the description rule', () => {
    // Both wizards offer the category list (forex included) and every template there is.
    expect(ADMIN_WIZARD.categories).toEqual(MEMBER_WIZARD.categories);
    expect(MEMBER_WIZARD.categories).toContain('forex');
    const offered = MEMBER_WIZARD.categories.filter((c) => descriptionTemplate(c, '') !== null);
    expect([...offered].sort()).toEqual(['academic', 'forex', 'gaming']);
    for (const category of offered) {
      const text = descriptionTemplate(category, 'Grand Final');
      expect(text, category).not.toBeNull();
      expect(ZDescription.safeParse(text).success, category).toBe(true);
      // SPEC 2.6: overview, rules, scoring or evaluation criteria, prizes.
      expect(text).toMatch(/^## Overview$/m);
      expect(text).toMatch(/^## Rules$/m);
      expect(text).toMatch(/^## (Scoring|Evaluation Criteria)$/m);
      expect(text).toMatch(/^## Prizes$/m);
      expect(text).toContain('Grand Final');
    }
  });

  it('has none for the other categories, and reads well without a title', () => {
    for (const category of CONTEST_CATEGORIES.filter(
      (c) => !['gaming', 'forex', 'academic'].includes(c),
    )) {
      expect(descriptionTemplate(category, 'X')).toBeNull();
    }
    expect(descriptionTemplate('forex', '   ')).toContain('This trading contest is');
  });
});

describe('the browser copy (contestDraft)', () => {
  const copy = {
    userId: 7,
    draftId: 12,
    step: 3,
    savedAt: 1_700_000_000_000,
    values: filledValues(),
  };

  it('is read back as written, under the key SPEC 3 names', () => {
    const storage = memoryStorage();
    writeBrowserDraft(storage, copy);
    expect([...storage.data.keys()]).toEqual([BROWSER_DRAFT_KEY]);
    expect(BROWSER_DRAFT_KEY).toBe('contestDraft');
    expect(readBrowserDraft(storage, 7, 5)).toEqual(copy);
  });

  it('reads a copy written before the score settings existed as whole numbers, higher first', () => {
    const storage = memoryStorage();
    const { scoreDecimals: _d, scoreOrder: _o, ...older } = copy.values;
    storage.setItem(BROWSER_DRAFT_KEY, JSON.stringify({ ...copy, values: older }));
    const read = readBrowserDraft(storage, 7, 5)!;
    expect(read.values).toMatchObject({ scoreDecimals: 0, scoreOrder: 'higher' });
    // And the whole form then passes the submit schema.
    expect(MEMBER_WIZARD.formSchema.safeParse(read.values).success).toBe(true);
  });

  it('belongs to one member: another account on the same browser does not get it', () => {
    const storage = memoryStorage();
    writeBrowserDraft(storage, copy);
    expect(readBrowserDraft(storage, 8, 5)).toBeNull();
  });

  it('is cleared', () => {
    const storage = memoryStorage();
    writeBrowserDraft(storage, copy);
    clearBrowserDraft(storage);
    expect(readBrowserDraft(storage, 7, 5)).toBeNull();
    expect(storage.data.size).toBe(0);
  });

  it('survives a broken or tampered copy without breaking the form', () => {
    const storage = memoryStorage();
    storage.setItem(BROWSER_DRAFT_KEY, '{not json');
    expect(readBrowserDraft(storage, 7, 5)).toBeNull();
    storage.setItem(
      BROWSER_DRAFT_KEY,
      JSON.stringify({
        userId: 7,
        draftId: -3,
        step: 42,
        values: { title: 5, maxParticipants: '12', entryFee: 'abc', prize: 'Cup', extra: 'x' },
      }),
    );
    const read = readBrowserDraft(storage, 7, 5)!;
    expect(read.draftId).toBeNull();
    expect(read.step).toBe(4);
    expect(read.savedAt).toBe(0);
    expect(read.values.title).toBe('');
    expect(read.values.maxParticipants).toBe('');
    expect(read.values.entryFee).toBe('abc');
    expect(read.values.prize).toBe('Cup');
    expect(read.values.enableLeaderboard).toBe(true);
    expect(Object.keys(read.values)).not.toContain('extra');
  });

  it('does nothing where there is no storage', () => {
    expect(readBrowserDraft(undefined, 7, 5)).toBeNull();
    expect(() => writeBrowserDraft(undefined, copy)).not.toThrow();
    const full: DraftStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(() => writeBrowserDraft(full, copy)).not.toThrow();
  });
});

describe('form values', () => {
  it('shows a date as a datetime-local input holds it (local time, to the minute)', () => {
    expect(toLocalInput(new Date(2031, 2, 2, 7, 5, 59))).toBe('2031-03-02T07:05');
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput(new Date('nope'))).toBe('');
  });

  it('turn a stored draft back into the form it was saved from', () => {
    const values = filledValues({ participationType: 'paid', entryFee: '25', coverImage: '' });
    const { payload } = draftPayload(values);
    const stored = {
      ...payload,
      id: 3,
      coverImage: null,
      pdfGuide: null,
      maxParticipants: 64,
      category: 'gaming',
      mode: 'individual',
      format: 'league',
      participationType: 'paid',
      requiredTier: 'free',
      enableLeaderboard: true,
      enableComments: true,
    } as unknown as TContest;
    expect(valuesFromContest(stored, MEMBER_WIZARD.initialValues)).toEqual(values);
  });

  it('save a draft with every valid field parsed, empty ones cleared and invalid ones left out', () => {
    const { payload, skipped } = draftPayload(
      filledValues({ title: 'ab', prize: '', maxParticipants: '', entryFee: 40 }),
    );
    expect(skipped).toEqual(['title']);
    expect(payload).not.toHaveProperty('title');
    expect(payload.prize).toBeNull();
    expect(payload.maxParticipants).toBeNull();
    // A free contest has no fee, whatever the hidden field still holds.
    expect(payload.entryFee).toBeNull();
    // Read in the browser's own time zone, sent as an instant.
    expect(payload.startDate).toEqual(new Date(2031, 2, 2, 10, 0));
    expect(payload.category).toBe('gaming');
    expect(payload.enableComments).toBe(true);
  });

  it('keep a paid contest’s fee, as the server stores it', () => {
    const { payload } = draftPayload(filledValues({ participationType: 'paid', entryFee: 12.5 }));
    expect(payload.entryFee).toBe('12.5');
  });

  it('of a whole member form pass the submit schema; the admin form adds its settings', () => {
    expect(ZContestFormSchema.safeParse(filledValues()).success).toBe(true);
    const admin = { ...filledValues(), status: ADMIN_WIZARD.initialValues.status, featured: true };
    const parsed = ZAdminContestFormSchema.parse(admin);
    expect(parsed.status).toBe('active');
    expect(parsed.featured).toBe(true);
  });
});

describe('the two variants', () => {
  it('start from SPEC 9 defaults: category other (member) or academic (admin), status active', () => {
    expect(MEMBER_WIZARD.initialValues).toMatchObject({
      category: 'other',
      mode: 'individual',
      maxParticipants: 100,
      format: 'league',
      participationType: 'free',
      requiredTier: 'free',
      enableLeaderboard: true,
      enableComments: true,
    });
    expect(ADMIN_WIZARD.initialValues).toMatchObject({ category: 'academic', status: 'active' });
    // One category list for both (the admin list used to lack forex).
    expect(ADMIN_WIZARD.categories).toEqual(MEMBER_WIZARD.categories);
    expect(ADMIN_WIZARD.categories).toContain('forex');
    // Scores: whole numbers, higher is better, unless the organiser says otherwise.
    for (const variant of [MEMBER_WIZARD, ADMIN_WIZARD]) {
      expect(variant.initialValues).toMatchObject({ scoreDecimals: 0, scoreOrder: 'higher' });
    }
  });

  it("name each field's step, from the shared step schemas", () => {
    expect(stepOfField(MEMBER_WIZARD, 'title')).toBe(0);
    expect(stepOfField(MEMBER_WIZARD, 'maxParticipants')).toBe(1);
    expect(stepOfField(MEMBER_WIZARD, 'endDate')).toBe(2);
    expect(stepOfField(MEMBER_WIZARD, 'entryFee')).toBe(3);
    expect(stepOfField(ADMIN_WIZARD, 'status')).toBe(3);
    expect(stepOfField(MEMBER_WIZARD, 'description')).toBe(4);
    expect(stepFields(ADMIN_WIZARD, 3)).toContain('featured');
    expect(stepFields(MEMBER_WIZARD, 3)).not.toContain('status');
  });

  it('need only what the member types on the steps whose defaults are complete', () => {
    // Steps 2 and 4 pass as they open; steps 1, 3 and 5 give SPEC 5's messages.
    const defaults = MEMBER_WIZARD.initialValues;
    const issues = (step: number) => {
      const result = MEMBER_WIZARD.stepSchemas[step]!.safeParse(defaults);
      return result.success ? [] : result.error.issues.map((i) => i.message);
    };
    expect(issues(0)).toEqual([M.title, M.shortDescription]);
    expect(issues(1)).toEqual([]);
    expect(issues(2)).toEqual([M.registrationDeadline, M.startDate, M.endDate]);
    expect(issues(3)).toEqual([]);
    expect(issues(4)).toEqual([M.description]);
  });

  it('say what became of a submission: waiting for approval, or live when approval is off', () => {
    expect(createdMessage(MEMBER_WIZARD, { title: 'Cup', status: 'pending' })).toBe(
      'Your contest has been submitted for approval.',
    );
    expect(createdMessage(MEMBER_WIZARD, { title: 'Cup', status: 'active' })).toBe(
      'Your contest is now live.',
    );
    expect(createdMessage(ADMIN_WIZARD, { title: 'Cup', status: 'completed' })).toBe(
      'Cup was created with the status Completed.',
    );
  });
});
