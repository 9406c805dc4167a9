// REST rows of the moderators' Reports queue (issue 32): the reported posts, one per row, as a
// plain array with X-Total-Count, and a review of one report.
import { bodyWithIdAs, on, optionalQuery, pagedRow, type RestRoute } from './row';

export const reportRows: RestRoute[] = [
  pagedRow('/reports', 'reports.list', [20, 20], (r) => ({
    status: optionalQuery(r.query.status),
  })),
  on('PATCH /reports/:id', 'reports.review', bodyWithIdAs('id')),
];
