// REST rows of trading contests (issue 34): the rules. Statements are a later slice.
import { bodyWithIdAs, idAs, on, type RestRoute } from './row';

export const tradingRows: RestRoute[] = [
  on('GET /contests/:id/trading-rules', 'trading.rules', idAs('contestId')),
  on('PUT /contests/:id/trading-rules', 'trading.setRules', bodyWithIdAs('contestId')),
];
