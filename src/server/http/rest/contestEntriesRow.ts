// The row of a contest's list of entries its members upload (a trading contest's statements, a
// submission contest's submissions): the same paging (20 a page; the first 100 without ?page=)
// and ?mine= (the caller's own only) on each, answered as SPEC 7's plain array.
import { boolQuery, idParam, pagedRow, type RestRoute } from './row';

export function contestEntriesRow(
  path: `/contests/:id/${string}`,
  procedure: 'trading.statements' | 'submissions.list',
): RestRoute {
  return pagedRow(path, procedure, [20, 100], (r) => ({
    contestId: idParam(r.params.id),
    mine: boolQuery(r.query.mine),
  }));
}
