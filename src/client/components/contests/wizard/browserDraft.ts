// The browser copy of the member wizard (SPEC 3 'Browser-stored draft', key contestDraft): the
// values being typed, the step and the server draft they belong to, so a reload or a closed tab
// loses nothing that was not saved yet. It belongs to one member: another account signing in on
// the same browser does not see it.
import { DEFAULT_TOURNAMENT_SETTINGS } from '../../../../shared/schemas/tournaments';
import { cleanPrizeTable } from '../prizes/prizeTableValues';
import { METRICS } from '../../../../shared/submissions';
import type { EvaluationFormValues } from '../../submissions/evaluationForm';
import { SCORING_KINDS } from '../../../../shared/schemas/trading';
import { DEPOSIT_RULES, TRADING_METRICS } from '../../../../shared/trading/rules';
import { HOLD_UNITS, type TradingRulesFormValues } from '../../trading/rulesForm';
import { EMPTY_VALUES, type TournamentFormValues, type WizardValues } from './formValues';

export const BROWSER_DRAFT_KEY = 'contestDraft';

export interface BrowserDraft {
  userId: number;
  /** The server draft these values belong to, once one was saved. */
  draftId: number | null;
  /** 0-based step index. */
  step: number;
  /** When the copy was written (ms since epoch), to compare with the server draft's updatedAt. */
  savedAt: number;
  values: WizardValues;
}

/** Storage as the browser has it; tests pass a Map-backed stand-in. */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The known settings, each a value of its input's type (the defaults for the others). */
function cleanSettings(raw: unknown): TournamentFormValues {
  const source = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const settings: Record<string, unknown> = { ...DEFAULT_TOURNAMENT_SETTINGS };
  for (const [key, fallback] of Object.entries(DEFAULT_TOURNAMENT_SETTINGS)) {
    const value = source[key];
    const numeric = typeof fallback === 'number' && typeof value === 'string' && value.length < 10;
    if (typeof value === typeof fallback || numeric) settings[key] = value;
  }
  return settings as TournamentFormValues;
}

/** The evaluation's known fields, each text (the defaults for the others). */
function cleanEvaluation(raw: unknown): EvaluationFormValues {
  const source = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const values: Record<string, unknown> = { ...EMPTY_VALUES.evaluation };
  for (const key of Object.keys(values)) {
    if (typeof source[key] === 'string') values[key] = source[key];
  }
  // A metric that is no longer offered is none.
  if (values.metric && !(METRICS as readonly string[]).includes(String(values.metric))) {
    values.metric = '';
  }
  return values as unknown as EvaluationFormValues;
}

/** The trading rules' known fields, each text, the choices among their values (else defaults). */
function cleanTrading(raw: unknown): TradingRulesFormValues {
  const source = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const values: Record<string, unknown> = { ...EMPTY_VALUES.trading };
  const choices: Record<string, readonly string[]> = {
    metric: TRADING_METRICS,
    deposits: DEPOSIT_RULES,
    minHoldUnit: HOLD_UNITS,
  };
  for (const key of Object.keys(values)) {
    const value = source[key];
    if (typeof value !== 'string') continue;
    if (!choices[key] || choices[key].includes(value)) values[key] = value;
  }
  return values as unknown as TradingRulesFormValues;
}

/** Only the known fields, each of the type the form expects: a hand-edited copy cannot break it. */
function cleanValues(raw: unknown): WizardValues {
  const source = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const values: Record<string, unknown> = { ...EMPTY_VALUES };
  for (const [key, fallback] of Object.entries(EMPTY_VALUES)) {
    const value = source[key];
    if (key === 'maxParticipants') {
      if (value === '' || Number.isFinite(value)) values[key] = value;
    } else if (key === 'tournament') {
      values[key] = cleanSettings(value);
    } else if (key === 'evaluation') {
      values[key] = cleanEvaluation(value);
    } else if (key === 'trading') {
      values[key] = cleanTrading(value);
    } else if (key === 'scoring') {
      values[key] = (SCORING_KINDS as readonly unknown[]).includes(value) ? value : '';
    } else if (key === 'prizeTable') {
      values[key] = cleanPrizeTable(value);
    } else if (key === 'entryFee' || key === 'scoreDecimals') {
      if (typeof value === 'string' || Number.isFinite(value)) values[key] = value;
    } else if (typeof value === typeof fallback) {
      values[key] = value;
    }
  }
  return values as unknown as WizardValues;
}

export function readBrowserDraft(
  storage: DraftStorage | undefined,
  userId: number,
  steps: number,
): BrowserDraft | null {
  let parsed: unknown;
  try {
    const raw = storage?.getItem(BROWSER_DRAFT_KEY);
    if (!raw) return null;
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const copy = parsed as Partial<Record<keyof BrowserDraft, unknown>>;
  if (copy.userId !== userId) return null;
  const draftId =
    typeof copy.draftId === 'number' && Number.isInteger(copy.draftId) && copy.draftId > 0
      ? copy.draftId
      : null;
  const step =
    typeof copy.step === 'number' && Number.isInteger(copy.step)
      ? Math.min(Math.max(copy.step, 0), steps - 1)
      : 0;
  const savedAt = typeof copy.savedAt === 'number' ? copy.savedAt : 0;
  return { userId, draftId, step, savedAt, values: cleanValues(copy.values) };
}

export function writeBrowserDraft(storage: DraftStorage | undefined, draft: BrowserDraft): void {
  try {
    storage?.setItem(BROWSER_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the server draft still keeps the work saved at each Next.
  }
}

export function clearBrowserDraft(storage: DraftStorage | undefined): void {
  try {
    storage?.removeItem(BROWSER_DRAFT_KEY);
  } catch {
    // Nothing to clear where there is no storage.
  }
}

/** The browser's localStorage, or undefined where it cannot be used (privacy modes). */
export function browserStorage(): DraftStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
