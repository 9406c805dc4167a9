// A contest's prize table (issue 30), set in step 4 of both wizards, the Edit Contest dialog and
// `PUT /api/contests/{id}/prizes`: rows of places (one, or a range '4-8') each with a fixed amount
// and its currency; or a pool (a percentage of the verified entry fees plus a fixed amount) split
// by a percentage per place. The free-text `prize` stays the description.
import { z } from 'zod';
import {
  CURRENCY_DECIMALS,
  DECIMAL_PATTERN,
  HUNDRED_PERCENT,
  PRIZE_CURRENCIES,
  percentUnits,
  toUnits,
  type PrizeCurrency,
} from '../prizes';
import { ZContestId } from './contestId';

export const PRIZE_KINDS = ['fixed', 'pool'] as const;
export type PrizeKind = (typeof PRIZE_KINDS)[number];

/** A pool grows with the entry fees, which are counted in USD: it is paid in a dollar. */
export const POOL_CURRENCIES: readonly PrizeCurrency[] = ['USD', 'USDT', 'USDC'];

export const PRIZE_LIMITS = { rows: 50, place: 10_000 } as const;

export const PRIZE_MESSAGES = {
  kind: 'Choose fixed prizes or a prize pool',
  place: `A place is a whole number from 1 to ${PRIZE_LIMITS.place}`,
  range: 'The last place of a range comes after its first',
  overlap: 'Places overlap another row of the table',
  currency: `Choose a currency: ${PRIZE_CURRENCIES.join(', ')}`,
  amount: 'Enter an amount such as 250 or 0.5',
  amountPlaces: 'This currency has fewer decimal places',
  amountRequired: 'Enter the amount of this prize',
  percent: 'Enter a percentage from 0 to 100',
  percentRequired: 'Enter the share of the pool for this place',
  percentTotal: 'The shares of the pool add up to more than 100 %',
  oneCurrency: 'A pool is paid in one currency: use the same one on every row',
  poolCurrency: 'Entry fees are counted in US dollars: a pool is paid in USD, USDT or USDC',
  rows: `Add between 1 and ${PRIZE_LIMITS.rows} rows`,
  completed: 'The contest is completed: its prize table can no longer change',
  notOrganiser: "Only the contest's creator, moderators and admins can set its prizes",
} as const;

const ZPlace = z
  .number({ error: PRIZE_MESSAGES.place })
  .int(PRIZE_MESSAGES.place)
  .min(1, PRIZE_MESSAGES.place)
  .max(PRIZE_LIMITS.place, PRIZE_MESSAGES.place);
const ZDecimal = (message: string) =>
  z.string({ error: message }).trim().regex(DECIMAL_PATTERN, message);
const ZPercent = ZDecimal(PRIZE_MESSAGES.percent).refine(
  (v) => (percentUnits(v) ?? HUNDRED_PERCENT + 1n) <= HUNDRED_PERCENT,
  PRIZE_MESSAGES.percent,
);

export const ZPrizeRow = z.object({
  from: ZPlace,
  to: ZPlace,
  /** A fixed prize per place of the row (kind 'fixed'). */
  amount: ZDecimal(PRIZE_MESSAGES.amount).optional(),
  currency: z.enum(PRIZE_CURRENCIES, { error: PRIZE_MESSAGES.currency }),
  /** The share of the pool per place of the row (kind 'pool'). */
  percent: ZPercent.optional(),
});
export type TPrizeRow = z.infer<typeof ZPrizeRow>;

const ZPrizeTableShape = z.object({
  kind: z.enum(PRIZE_KINDS, { error: PRIZE_MESSAGES.kind }),
  rows: z.array(ZPrizeRow).min(1, PRIZE_MESSAGES.rows).max(PRIZE_LIMITS.rows, PRIZE_MESSAGES.rows),
  /** Pool: the percentage of the verified entry fees that goes into it. */
  poolPercentOfFees: ZPercent.optional(),
  /** Pool: a fixed amount added to it (in the rows' currency). */
  poolFixed: ZDecimal(PRIZE_MESSAGES.amount).optional(),
});

/** The rules across fields, each refusal on the field to correct. */
function tableRules(table: z.infer<typeof ZPrizeTableShape>, ctx: z.RefinementCtx) {
  const taken: [number, number][] = [];
  // Exact: 33.3 + 33.3 + 33.4 is 100, not a float's 100.00000000000001.
  let percentTotal = 0n;
  table.rows.forEach((row, i) => {
    if (row.to < row.from) {
      ctx.addIssue({ code: 'custom', path: ['rows', i, 'to'], message: PRIZE_MESSAGES.range });
    } else if (taken.some(([a, b]) => row.from <= b && a <= row.to)) {
      ctx.addIssue({ code: 'custom', path: ['rows', i, 'from'], message: PRIZE_MESSAGES.overlap });
    } else taken.push([row.from, row.to]);
    const decimals = CURRENCY_DECIMALS[row.currency];
    if (table.kind === 'fixed') {
      if (row.amount === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['rows', i, 'amount'],
          message: PRIZE_MESSAGES.amountRequired,
        });
      } else if (toUnits(row.amount, decimals) === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['rows', i, 'amount'],
          message: PRIZE_MESSAGES.amountPlaces,
        });
      }
    } else {
      if (row.percent === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['rows', i, 'percent'],
          message: PRIZE_MESSAGES.percentRequired,
        });
      } else {
        percentTotal += (percentUnits(row.percent) ?? 0n) * BigInt(row.to - row.from + 1);
      }
      if (!POOL_CURRENCIES.includes(row.currency)) {
        ctx.addIssue({
          code: 'custom',
          path: ['rows', i, 'currency'],
          message: PRIZE_MESSAGES.poolCurrency,
        });
      } else if (row.currency !== table.rows[0]!.currency) {
        ctx.addIssue({
          code: 'custom',
          path: ['rows', i, 'currency'],
          message: PRIZE_MESSAGES.oneCurrency,
        });
      }
    }
  });
  if (table.kind === 'pool' && percentTotal > HUNDRED_PERCENT) {
    ctx.addIssue({ code: 'custom', path: ['rows'], message: PRIZE_MESSAGES.percentTotal });
  }
  if (table.kind === 'pool' && table.poolFixed !== undefined && table.rows[0]) {
    if (toUnits(table.poolFixed, CURRENCY_DECIMALS[table.rows[0].currency]) === undefined) {
      ctx.addIssue({ code: 'custom', path: ['poolFixed'], message: PRIZE_MESSAGES.amountPlaces });
    }
  }
}

/** A prize table as the organiser writes it (forms and procedures validate with it). */
export const ZPrizeTable = ZPrizeTableShape.superRefine(tableRules);
export type TPrizeTable = z.infer<typeof ZPrizeTable>;

export const ZSetPrizesInput = z.object({
  contestId: ZContestId,
  /** Null clears the table (the description alone stays). */
  table: ZPrizeTable.nullable(),
});
export type TSetPrizesInput = z.infer<typeof ZSetPrizesInput>;

/** The table with what it comes to now: a pool's total from the fees verified so far. */
export const ZPrizes = z.object({
  contestId: z.number().int(),
  table: ZPrizeTableShape.nullable(),
  /** The pool's amount now (fees verified so far), or the fixed prizes' total, per currency. */
  totals: z.array(z.object({ amount: z.string(), currency: z.enum(PRIZE_CURRENCIES) })),
  /** 'Prize pool: 1,750 USDT, top 3' (cards and the contest page); null without a table. */
  summary: z.string().nullable(),
});
export type TPrizes = z.infer<typeof ZPrizes>;
