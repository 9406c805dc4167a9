// REST rows of trading contests (issue 34): the rules, the board, the ownership code, the
// statements' lists, one statement and its review. The upload carries a file: an Express path of
// its own (http/tradingStatementFiles.ts).
import {
  bodyWithIdAs,
  boolQuery,
  idAs,
  idParam,
  intQuery,
  itemsList,
  on,
  paging,
  row,
  type RestRoute,
} from './row';

export const tradingRows: RestRoute[] = [
  on('GET /contests/:id/trading-rules', 'trading.rules', idAs('contestId')),
  on('PUT /contests/:id/trading-rules', 'trading.setRules', bodyWithIdAs('contestId')),
  on('GET /contests/:id/trading-board', 'trading.board', idAs('contestId')),
  on('GET /contests/:id/ownership-code', 'trading.ownershipCode', idAs('contestId')),
  row({
    method: 'get',
    path: '/contests/:id/statements',
    procedure: 'trading.statements',
    input: (r) => ({
      contestId: idParam(r.params.id),
      mine: boolQuery(r.query.mine),
      ...paging(r, 20, 100),
    }),
    answer: itemsList,
  }),
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
