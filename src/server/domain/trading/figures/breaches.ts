// The disqualifying rules, each breach naming the tickets and times that broke it.
import type { Breach } from '../../../../shared/trading/figures';
import { Dec, fixed2 } from '../../../../shared/trading/decimal';
import type { TradingRules } from '../../../../shared/trading/rules';
import { formatStatementDay, formatStatementTime } from '../../../../shared/trading/words';
import type { BalanceWalk } from './balance';
import type { Day } from './daily';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function findBreaches(
  rules: TradingRules,
  walk: BalanceWalk,
  days: readonly Day[],
  countedTrades: number,
): Breach[] {
  const breaches: Breach[] = [];
  if (rules.deposits === 'disqualify') {
    for (const op of walk.operations) {
      const kind = op.amount.gte(0) ? 'deposit' : 'withdrawal';
      breaches.push({
        rule: 'deposit',
        message:
          `${kind} of ${fixed2(op.amount.abs())} (ticket ${op.ticket}) on ` +
          `${formatStatementTime(op.ms)}, after the first trade`,
        tickets: [op.ticket],
      });
    }
  }
  const maxDd = rules.maxDrawdownPct;
  if (maxDd !== undefined && walk.byPct?.pct && walk.byPct.pct.gt(Dec(maxDd))) {
    const worst = walk.byPct;
    const first = walk.firstAbove ?? worst;
    const worstTicket = worst.step.trade!.ticket;
    const firstTicket = first.step.trade!.ticket;
    let message = `drawdown ${fixed2(worst.pct!)} % on ${formatStatementDay(worst.step.ms)} > ${maxDd} %`;
    if (firstTicket !== worstTicket) {
      message +=
        ` (first above the limit: ${fixed2(first.pct!)} % by ticket ${firstTicket} ` +
        `on ${formatStatementDay(first.step.ms)})`;
    }
    breaches.push({
      rule: 'max_drawdown',
      message,
      tickets: firstTicket === worstTicket ? [worstTicket] : [firstTicket, worstTicket],
    });
  }
  const maxDaily = rules.maxDailyLossPct;
  if (maxDaily !== undefined) {
    for (const day of days) {
      if (!day.lossPct?.gt(Dec(maxDaily))) continue;
      breaches.push({
        rule: 'max_daily_loss',
        message:
          `daily loss ${fixed2(day.lossPct)} % on ${day.date} (${fixed2(day.loss)} of the ` +
          `opening balance ${fixed2(day.opening)}) > ${maxDaily} %`,
        tickets: day.tickets,
      });
    }
  }
  if (rules.minTrades !== undefined && countedTrades < rules.minTrades) {
    breaches.push({
      rule: 'min_trades',
      message: `${plural(countedTrades, 'counted trade')}, fewer than the minimum of ${rules.minTrades}`,
      tickets: [],
    });
  }
  if (rules.minTradingDays !== undefined && days.length < rules.minTradingDays) {
    breaches.push({
      rule: 'min_trading_days',
      message: `${plural(days.length, 'trading day')}, fewer than the minimum of ${rules.minTradingDays}`,
      tickets: [],
    });
  }
  return breaches;
}
