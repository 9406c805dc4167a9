// A member's totals paid per year and currency (their sent and received lines by the year they
// were sent), exact, for tax reporting.
import { and, eq, inArray } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { payouts, users } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/actor';
import type { TYearlyTotals } from '../../../shared/schemas/payouts';
import { sumByCurrency, type Amount } from './money';

const USER_NOT_FOUND = 'User not found';

/** A member's totals paid per year and currency, newest year first (admins). */
export async function yearlyTotals(
  db: DB,
  _viewer: Actor,
  { userId }: { userId: number },
): Promise<TYearlyTotals> {
  const [user] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  const paid = await db
    .select({
      amount: payouts.amount,
      currency: payouts.currency,
      sentAt: payouts.sentAt,
      username: payouts.username,
    })
    .from(payouts)
    .where(and(eq(payouts.userId, userId), inArray(payouts.status, ['sent', 'confirmed'])));
  if (!user && !paid.length) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
  const byYear = new Map<number, Amount[]>();
  for (const line of paid) {
    // A sent line always has its time; a line without one would be counted in no year.
    if (!line.sentAt) continue;
    const year = line.sentAt.getUTCFullYear();
    const list = byYear.get(year);
    if (list) list.push(line);
    else byYear.set(year, [line]);
  }
  return {
    userId,
    username: user?.username ?? paid[0]!.username,
    years: [...byYear.keys()]
      .sort((a, b) => b - a)
      .map((year) => ({ year, totals: sumByCurrency(byYear.get(year)!) })),
  };
}
