// The two wizards as options of one component (SPEC 2.6 member, 2.18 admin): what differs is
// listed here, everything else is shared.
import {
  ADMIN_CONTEST_FORM_DEFAULTS,
  ADMIN_CONTEST_STEP_TITLES,
  CONTEST_CATEGORIES,
  CONTEST_FORM_DEFAULTS,
  CONTEST_STEP_TITLES,
  STATUS_LABELS,
  type ContestCategory,
  type ContestStatus,
} from '../../../../shared/contests';
import {
  ADMIN_CONTEST_STEP_SCHEMAS,
  CONTEST_STEP_SCHEMAS,
  ZAdminContestFormSchema,
  ZContestFormSchema,
} from '../../../../shared/schemas/contests';
import { EMPTY_VALUES, type WizardField, type WizardValues } from './formValues';

export interface WizardVariant {
  kind: 'member' | 'admin';
  stepTitles: readonly string[];
  /** Index n validates step n + 1 on Next. */
  stepSchemas: typeof CONTEST_STEP_SCHEMAS | typeof ADMIN_CONTEST_STEP_SCHEMAS;
  /** What Submit parses the whole form with. */
  formSchema: typeof ZContestFormSchema | typeof ZAdminContestFormSchema;
  /** One category list for both wizards (the admin one used to lack forex). */
  categories: readonly ContestCategory[];
  initialValues: WizardValues;
  /** Team mode and the live/submission formats shown disabled with 'Coming soon'. */
  comingSoon: boolean;
  /** Save Draft, the save after each Next and the browser copy. */
  drafts: boolean;
  /** Step 4's Admin Settings (status, featured). */
  adminSettings: boolean;
  coverHint: string;
  submitLabel: string;
  /** Where the wizard goes after a successful submit, and where its back button leads. */
  doneHref: string;
  backLabel: string;
}

const COVER_RULES = 'PNG, JPG or WebP, up to 3MB.';

export const MEMBER_WIZARD: WizardVariant = {
  kind: 'member',
  stepTitles: CONTEST_STEP_TITLES,
  stepSchemas: CONTEST_STEP_SCHEMAS,
  formSchema: ZContestFormSchema,
  categories: CONTEST_CATEGORIES,
  initialValues: { ...EMPTY_VALUES, ...CONTEST_FORM_DEFAULTS },
  comingSoon: true,
  drafts: true,
  adminSettings: false,
  coverHint: `Recommended 1920x1080 (16:9). ${COVER_RULES}`,
  submitLabel: 'Submit Contest',
  doneHref: '/contests',
  backLabel: 'Back to Contests',
};

export const ADMIN_WIZARD: WizardVariant = {
  kind: 'admin',
  stepTitles: ADMIN_CONTEST_STEP_TITLES,
  stepSchemas: ADMIN_CONTEST_STEP_SCHEMAS,
  formSchema: ZAdminContestFormSchema,
  categories: CONTEST_CATEGORIES,
  initialValues: { ...EMPTY_VALUES, ...ADMIN_CONTEST_FORM_DEFAULTS },
  comingSoon: false,
  drafts: false,
  adminSettings: true,
  coverHint: `Recommended 1200x630. ${COVER_RULES}`,
  submitLabel: 'Create Contest',
  doneHref: '/admin/contests',
  backLabel: 'Back to Contest Management',
};

/** The fields each step holds, read from its schema: the step a server message belongs to. */
export function stepOfField(variant: WizardVariant, field: string): number {
  // A submission contest's evaluation and a trading contest's scoring are on the format's step.
  const key = ['evaluation', 'scoring', 'trading'].includes(field) ? 'format' : field;
  const index = variant.stepSchemas.findIndex((schema) => key in schema.shape);
  return index === -1 ? variant.stepSchemas.length - 1 : index;
}

export function stepFields(variant: WizardVariant, step: number): WizardField[] {
  return Object.keys(variant.stepSchemas[step]?.shape ?? {}) as WizardField[];
}

/** The 'Contest created' toast's description (SPEC 8), true to the status the server gave. */
export function createdMessage(
  variant: WizardVariant,
  contest: { title: string; status: ContestStatus },
): string {
  if (variant.kind === 'admin') {
    return `${contest.title} was created with the status ${STATUS_LABELS[contest.status]}.`;
  }
  // The platform decides: a submission waits for approval, or goes live at once.
  return contest.status === 'pending'
    ? 'Your contest has been submitted for approval.'
    : 'Your contest is now live.';
}
