// REST rows of the end of a contest (issue 30): its results (read, freeze, confirm, reopen), the
// payout lines (list, an admin's step, the CSV, a member's yearly totals, a winner's receipt) and
// certificates (public, with a PDF).
import {
  bodyWithIdAs,
  idAs,
  intQuery,
  on,
  optionalQuery,
  paging,
  plainList,
  row,
  type RestRequest,
  type RestRoute,
} from './row';

/** The list filters of GET /api/payouts and /api/payouts.csv from the query string. */
function payoutFilters(r: RestRequest) {
  return {
    status: optionalQuery(r.query.status),
    contestId: intQuery(r.query.contestId),
    userId: intQuery(r.query.userId),
  };
}

const codeOf = (r: RestRequest) => ({ code: r.params.code });

export const resultRows: RestRoute[] = [
  on('GET /contests/:id/results', 'results.get', idAs('contestId')),
  on('POST /contests/:id/results/freeze', 'results.freeze', idAs('contestId')),
  on('POST /contests/:id/results/confirm', 'results.confirm', idAs('contestId')),
  on('POST /contests/:id/results/reopen', 'results.reopen', bodyWithIdAs('contestId')),
  row({
    method: 'get',
    path: '/payouts',
    procedure: 'payouts.list',
    input: (r) => ({ ...payoutFilters(r), ...paging(r, 25, 100) }),
    answer: (output, r) => {
      r.setHeader('X-Totals', JSON.stringify(output.totals));
      return plainList(r, output.items, output.total);
    },
  }),
  row({
    method: 'get',
    path: '/payouts.csv',
    procedure: 'payouts.csv',
    input: payoutFilters,
    file: { contentType: 'text/csv; charset=utf-8', name: () => 'payouts.csv' },
  }),
  on('GET /payouts/totals/:id', 'payouts.yearly', idAs('userId')),
  on('PATCH /payouts/:id', 'payouts.update', bodyWithIdAs('id')),
  on('POST /payouts/:id/received', 'payouts.confirmReceived', idAs('id')),
  on('POST /payouts/:id/forfeit-decision', 'payouts.decideForfeit', bodyWithIdAs('id')),
  on('GET /certificates', 'certificates.mine'),
  on('GET /certificates/:code', 'certificates.get', codeOf),
  row({
    method: 'get',
    path: '/certificates/:code/pdf',
    procedure: 'certificates.pdf',
    input: codeOf,
    file: {
      contentType: 'application/pdf',
      base64: true,
      name: (r) => `certificate-${r.params.code}.pdf`,
    },
  }),
];
