// REST rows of the moderators' Reports queue (issue 32): the reported posts, one per row, as a
// plain array with X-Total-Count, and a review of one report.
import { bodyWithIdAs, itemsList, on, optionalQuery, paging, row, type RestRoute } from './row';

export const reportRows: RestRoute[] = [
  row({
    method: 'get',
    path: '/reports',
    procedure: 'reports.list',
    input: (r) => ({ status: optionalQuery(r.query.status), ...paging(r, 20, 20) }),
    answer: itemsList,
  }),
  on('PATCH /reports/:id', 'reports.review', bodyWithIdAs('id')),
];
