// REST rows of the contests area: the members' and the moderators' lists, drafts, one contest,
// its participants, and creating, editing, featuring and moderating a contest; its prize table.
import {
  choosingRow,
  idAs,
  idParam,
  itemsList,
  on,
  optionalQuery,
  pagedRow,
  paging,
  row,
  type CallProcedure,
  type RestRequest,
  type RestRoute,
} from './row';

/** POST /api/contests: SPEC 7's body submits; `status: 'draft'` or `draft: true` saves a draft. */
function postContest(call: CallProcedure, r: RestRequest) {
  const { draft, ...fields } = r.body;
  if (fields.status === 'draft' || draft === true) {
    const { status: _status, ...draftFields } = fields;
    return call('contests.saveDraft', draftFields);
  }
  return call('contests.create', fields);
}

/**
 * PATCH /api/contests/:id (SPEC 7): `featured` alone features or unfeatures; `status` alone from a
 * moderator or admin is a moderation step (approve, reject, complete); anything else is an edit
 * (where a creator's status means "submit").
 */
async function patchContest(call: CallProcedure, r: RestRequest) {
  const id = idParam(r.params.id);
  const fields = r.body;
  const keys = Object.keys(fields).filter((key) => key !== 'id');
  if (keys.length === 1 && keys[0] === 'featured') {
    return call('contests.setFeatured', { id, featured: fields.featured });
  }
  // A rejection may carry its reason (told to the creator): { status: 'rejected', reason }.
  const moderation = keys.every((key) => key === 'status' || key === 'reason');
  if (keys.includes('status') && moderation) {
    const me = await call('auth.me');
    if (me?.role === 'moderator' || me?.role === 'admin') {
      return call('contests.setStatus', { id, status: fields.status, reason: fields.reason });
    }
  }
  return call('contests.update', { ...fields, id });
}

/**
 * PUT /api/contests/:id/prizes (issue 30): the body is the prize table itself ({ kind, rows,
 * poolPercentOfFees?, poolFixed? }); `{ "table": null }` clears it (a JSON body is an object,
 * never a bare null). `{ "table": { ... } }` is read as the table too.
 */
function prizesInput(r: RestRequest) {
  const table = 'table' in r.body ? r.body.table : r.body;
  return { contestId: idParam(r.params.id), table };
}

export const contestRows: RestRoute[] = [
  // Every contest with its creator's name (moderators, admins).
  row({
    method: 'get',
    procedure: 'contests.adminList',
    path: '/contests',
    query: { admin: 'true' },
    input: (r) => ({
      tab: optionalQuery(r.query.tab),
      search: optionalQuery(r.query.search),
      ...paging(r, 25, 100),
    }),
    answer: itemsList,
  }),
  // The members' view (PRODUCT.md tabs and filters), one page of it.
  pagedRow('/contests', 'contests.list', [12, 100], (r) => ({
    tab: optionalQuery(r.query.tab),
    category: optionalQuery(r.query.category),
    tier: optionalQuery(r.query.tier),
    participation: optionalQuery(r.query.participation),
  })),
  // Before '/contests/:idOrSlug', which would otherwise read 'drafts' as a slug.
  on('GET /contests/drafts', 'contests.drafts'),
  pagedRow('/contests/:id/participants', 'contests.participants', [25, 100], (r) => ({
    id: idParam(r.params.id),
  })),
  // The prize table with its totals and summary: anyone who may see the contest; its organiser sets it.
  on('GET /contests/:id/prizes', 'prizes.get', idAs('contestId')),
  on('PUT /contests/:id/prizes', 'prizes.set', prizesInput),
  on('GET /contests/:idOrSlug', 'contests.get', (r) => ({ idOrSlug: String(r.params.idOrSlug) })),
  choosingRow({
    method: 'post',
    procedure: 'contests.create',
    path: '/contests',
    call: postContest,
    status: 201,
  }),
  choosingRow({
    method: 'patch',
    procedure: 'contests.update',
    path: '/contests/:id',
    call: patchContest,
  }),
];
