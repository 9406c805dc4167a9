// REST rows of trading contests (issue 34): the rules and the board. Statements are another
// slice's.
import { bodyWithIdAs, idAs, on, type RestRoute } from './row';

export const tradingRows: RestRoute[] = [
  on('GET /contests/:id/trading-rules', 'trading.rules', idAs('contestId')),
  on('PUT /contests/:id/trading-rules', 'trading.setRules', bodyWithIdAs('contestId')),
  on('GET /contests/:id/trading-board', 'trading.board', idAs('contestId')),
];
