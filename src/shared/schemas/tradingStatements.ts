// The requests of trading statements (issue 34) and the answers the view in trading.ts does not
// cover: the lists, one statement with its parsed trades paged, the ownership code, and the
// messages every refusal of theirs says.
import { z } from 'zod';
import { ZContestId } from './contestId';
import { ZRowId } from './rowId';
import { pageRequestFields, pageResponseFields } from './paging';
import { ZStatementView } from './trading';
import { EXCLUSION_REASONS } from '../trading/figures';

export const STATEMENT_MESSAGES = {
  notFound: 'Statement not found',
  notParticipant: 'Only the contest\u2019s traders upload statements: join the contest first',
  notTradingContest: 'This contest is not scored from statements (it has no trading rules)',
  notStarted: 'Statements are taken from the contest\u2019s start',
  uploadsClosed: 'The results are confirmed: the contest takes no more statements',
  reviewClosed:
    'The results are confirmed: reopen them before you change what a statement counts for',
  notOrganiser: "Only the contest's organiser, a moderator or an admin reviews statements",
  notLatest: 'The trader uploaded a newer statement: review that one',
  noFile: 'Choose the statement file (field "file")',
  tooLarge: (mb: number) => `The statement is larger than ${mb} MB`,
  future: (what: string, when: string) =>
    `The statement holds ${what} at ${when}, after today: a statement as the terminal saved it holds only what already happened`,
} as const;

export const ZStatementListInput = z.object({
  contestId: ZContestId,
  /** Organisers: only their own entrant's. Traders always see their entrant's. */
  mine: z.boolean().optional(),
  ...pageRequestFields(100, 20),
});
export type TStatementListInput = z.input<typeof ZStatementListInput>;

export const ZStatementList = z.object({ items: z.array(ZStatementView), ...pageResponseFields });

export const ZStatementRead = z.object({
  statementId: ZRowId('statement'),
  ...pageRequestFields(200, 50),
});

/** A parsed trade as the statement's page lists it: counted, or why not. */
export const ZStatementTrade = z.object({
  ticket: z.string(),
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  volume: z.string(),
  openTime: z.string(),
  closeTime: z.string(),
  openPrice: z.string(),
  closePrice: z.string(),
  commission: z.string(),
  swap: z.string(),
  profit: z.string(),
  counted: z.boolean(),
  /** Null when counted. */
  excluded: z.enum(EXCLUSION_REASONS).nullable(),
  message: z.string().nullable(),
});
export type TStatementTrade = z.infer<typeof ZStatementTrade>;

export const ZStatementDetail = z.object({
  statement: ZStatementView,
  trades: z.object({ items: z.array(ZStatementTrade), ...pageResponseFields }),
});
export type TStatementDetail = z.infer<typeof ZStatementDetail>;

export const ZOwnershipCode = z.object({ code: z.string() });
