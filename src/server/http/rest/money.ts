// REST rows of the money area: payment proofs, the members' own and the reviewers' queue, and
// the plans tiers are sold in (issue 33).
import {
  body,
  bodyWithIdAs,
  choosingRow,
  idAs,
  on,
  optionalQuery,
  paging,
  plainList,
  type CallProcedure,
  type RestRequest,
  type RestRoute,
} from './row';

/**
 * GET /api/payments/proofs: the caller's own proofs; with ?status= (moderators and admins) the
 * review queue of that status.
 */
async function listProofs(call: CallProcedure, r: RestRequest) {
  const result =
    r.query.status !== undefined
      ? await call('payments.queue', {
          status: optionalQuery(r.query.status),
          ...paging(r, 25, 100),
        })
      : await call('payments.myProofs', paging(r, 25, 100));
  return plainList(r, result.items, result.total);
}

export const moneyRows: RestRoute[] = [
  // The review queue: a row of its own for the access matrix (moderators and admins).
  choosingRow({
    method: 'get',
    procedure: 'payments.queue',
    path: '/payments/proofs',
    query: { status: 'pending' },
    call: listProofs,
  }),
  choosingRow({
    method: 'get',
    procedure: 'payments.myProofs',
    path: '/payments/proofs',
    call: listProofs,
  }),
  on('POST /payments/proofs', 'payments.submitProof', body, 201),
  on('PATCH /payments/proofs/:id', 'payments.review', bodyWithIdAs('id')),
  on('GET /plans', 'subscriptions.plans'),
  on('GET /user/subscription', 'subscriptions.mine'),
  on('GET /user/subscription/receipts/:id', 'subscriptions.receipt', idAs('proofId')),
];
