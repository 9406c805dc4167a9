// REST rows of the education area: the list and one item.
import { boolQuery, itemsList, on, optionalQuery, paging, row, type RestRoute } from './row';

export const educationRows: RestRoute[] = [
  // One page of the list (SPEC 3's fields, the body left to GET /api/education/{id or slug}),
  // newest first.
  row({
    method: 'get',
    procedure: 'education.list',
    path: '/education',
    input: (r) => ({
      search: optionalQuery(r.query.search),
      kind: optionalQuery(r.query.kind),
      saved: boolQuery(r.query.saved),
      ...paging(r, 12, 12),
    }),
    answer: itemsList,
  }),
  on('GET /education/:idOrSlug', 'education.get', (r) => ({ idOrSlug: String(r.params.idOrSlug) })),
];
