// REST rows of the education area: the list and one item.
import { boolQuery, on, optionalQuery, pagedRow, type RestRoute } from './row';

export const educationRows: RestRoute[] = [
  // One page of the list (SPEC 3's fields, the body left to GET /api/education/{id or slug}),
  // newest first.
  pagedRow('/education', 'education.list', [12, 12], (r) => ({
    search: optionalQuery(r.query.search),
    kind: optionalQuery(r.query.kind),
    saved: boolQuery(r.query.saved),
  })),
  on('GET /education/:idOrSlug', 'education.get', (r) => ({ idOrSlug: String(r.params.idOrSlug) })),
];
