// What other areas may use of payouts (issue 30): the lines confirmed results make, the admins'
// steps on them, the lists, totals and CSV, and the reminders' job.
import type { DB, DbOrTx } from '../../platform/db/client';
import type { Actor } from '../../platform/actor';
import type { Job } from '../../platform/jobs';
import type {
  TListPayoutsInput,
  TPayout,
  TPayoutList,
  TUpdatePayoutInput,
  TYearlyTotals,
} from '../../../shared/schemas/payouts';
import type { PrizeCurrency } from '../../../shared/prizes';

const todo = (): never => {
  throw new Error('payouts: not built yet');
};

/** One winner's line as confirmed results make it. */
export interface NewPayoutLine {
  userId: number;
  username: string;
  teamName: string | null;
  place: number;
  placeText: string;
  amount: string;
  currency: PrizeCurrency;
}

/**
 * Makes the lines of a contest's confirmed results in the caller's transaction, each with the
 * winner's payout method as it stands (none: awaiting_method, and the winner is asked for one).
 */
export async function createPayoutLines(
  _tx: DbOrTx,
  _input: { contestId: number; contestTitle: string; contestSlug: string; lines: NewPayoutLine[] },
): Promise<void> {
  return todo();
}

/**
 * Takes back a contest's lines when its results are reopened: refused (409 payouts_started) once
 * a line was approved, sent or confirmed; the others are removed.
 */
export async function removeContestLines(
  _tx: DbOrTx,
  _input: { contestId: number },
): Promise<void> {
  return todo();
}

/** Admins: every line by the filters; members: their own. */
export async function listPayouts(
  _db: DB,
  _viewer: Actor,
  _input: TListPayoutsInput,
): Promise<TPayoutList> {
  return todo();
}

/** An admin's step on a line (approved, sent, failed, forfeited); audited, the winner told. */
export async function updatePayout(
  _tx: DbOrTx,
  _actor: Actor,
  _input: TUpdatePayoutInput,
): Promise<TPayout> {
  return todo();
}

/** The winner confirms a sent payout arrived. */
export async function confirmPayoutReceived(
  _tx: DbOrTx,
  _actor: Actor,
  _input: { id: number },
): Promise<TPayout> {
  return todo();
}

/** The filtered lines as CSV text (admins). */
export async function payoutsCsv(
  _db: DB,
  _viewer: Actor,
  _input: Omit<TListPayoutsInput, 'page' | 'pageSize'>,
): Promise<string> {
  return todo();
}

/** A member's totals paid per year and currency (admins). */
export async function yearlyTotals(
  _db: DB,
  _viewer: Actor,
  _input: { userId: number },
): Promise<TYearlyTotals> {
  return todo();
}

/** The member saved a payout method: their lines awaiting one (or ready) take it. */
export async function payoutMethodSaved(_tx: DbOrTx, _input: { userId: number }): Promise<void> {}

/**
 * The payouts' daily round as a background job (one server, by its lease): winners without a
 * payout method reminded after 3 and 7 days (PAYOUT_REMINDER_DAYS), and lines unclaimed after the
 * platform's payoutClaimDays forfeited (audited as the system's, the winner told).
 */
export function payoutReminderJob(_deps: { db: DB }): Job<number> {
  return {
    name: 'payoutReminders',
    everyMs: 60 * 60_000,
    lease: 'payoutReminders',
    run: async () => 0,
  };
}
