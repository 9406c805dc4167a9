// The Payouts page's list (admins: every line by the filters) and a member's own lines, newest
// first, with the filtered lines' exact totals per currency.
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { countRows, onePage } from '../../platform/db/pages';
import { payouts } from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import type { TListPayoutsInput, TPayoutList } from '../../../shared/schemas/payouts';
import { getPaymentConfig } from '../settings';
import { selectPayouts, toPayout } from './rows';
import { sumByCurrency } from './money';

export type PayoutFilters = Omit<TListPayoutsInput, 'page' | 'pageSize'>;

export const isAdmin = (viewer: Pick<Actor, 'role'>) => viewer.role === 'admin';

/** The filters as a condition; anyone but an admin sees only their own lines. */
export function payoutFilter(
  viewer: Pick<Actor, 'id' | 'role'>,
  filters: PayoutFilters,
): SQL | undefined {
  return and(
    isAdmin(viewer) ? undefined : eq(payouts.userId, viewer.id),
    filters.status ? eq(payouts.status, filters.status) : undefined,
    filters.contestId ? eq(payouts.contestId, filters.contestId) : undefined,
    filters.userId ? eq(payouts.userId, filters.userId) : undefined,
  );
}

/** The filtered lines, newest first (every one: the CSV's). */
export function filteredPayouts(
  db: DB,
  viewer: Pick<Actor, 'id' | 'role'>,
  filters: PayoutFilters,
) {
  return selectPayouts(db, payoutFilter(viewer, filters)).orderBy(
    desc(payouts.createdAt),
    desc(payouts.id),
  );
}

/** Admins: every line by the filters; members: their own. */
export async function listPayouts(
  db: DB,
  viewer: Actor,
  input: TListPayoutsInput,
): Promise<TPayoutList> {
  const { page = 1, pageSize = 25, ...filters } = input;
  const where = payoutFilter(viewer, filters);
  const rows = await onePage(filteredPayouts(db, viewer, filters), { page, pageSize });
  const config = await getPaymentConfig({ db });
  const total = await countRows(db, payouts, where);
  // Every filtered line counts, not this page's alone.
  const amounts = await db
    .select({ amount: payouts.amount, currency: payouts.currency })
    .from(payouts)
    .where(where);
  return {
    items: rows.map((row) => toPayout(row, config, isAdmin(viewer))),
    total,
    page,
    pageSize,
    totals: sumByCurrency(amounts),
  };
}
