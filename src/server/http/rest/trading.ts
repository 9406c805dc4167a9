// REST rows of trading contests (issue 34): the rules, the board, the ownership code, the
// statements' lists, one statement and its review. The upload carries a file: an Express path of
// its own (http/tradingStatementFiles.ts).
import { bodyWithIdAs, idAs, idParam, intQuery, on, row, type RestRoute } from './row';
import { contestEntriesRow } from './contestEntriesRow';

export const tradingRows: RestRoute[] = [
  on('GET /contests/:id/trading-rules', 'trading.rules', idAs('contestId')),
  on('PUT /contests/:id/trading-rules', 'trading.setRules', bodyWithIdAs('contestId')),
  on('GET /contests/:id/trading-board', 'trading.board', idAs('contestId')),
  on('GET /contests/:id/ownership-code', 'trading.ownershipCode', idAs('contestId')),
  contestEntriesRow('/contests/:id/statements', 'trading.statements'),
  row({
    method: 'get',
    path: '/statements/:id',
    procedure: 'trading.statement',
    input: (r) => ({
      statementId: idParam(r.params.id),
      page: intQuery(r.query.page),
      pageSize: intQuery(r.query.pageSize),
    }),
  }),
  on('PATCH /statements/:id', 'trading.reviewStatement', bodyWithIdAs('statementId')),
];
