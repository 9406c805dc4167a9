// REST rows of the messages area: the mail outbox (admins) and the caller's notifications.
import { body, boolQuery, idAs, on, optionalQuery, paging, type RestRoute } from './row';

export const messageRows: RestRoute[] = [
  on('GET /admin/outbox', 'outbox.list', (r) => ({
    ...paging(r, 20, 20),
    status: optionalQuery(r.query.status),
    search: optionalQuery(r.query.search),
  })),
  on('POST /admin/outbox/:id/retry', 'outbox.retry', idAs('id')),
  // Issue 20 'Notifications': the caller's own, newest first ({ items, total, unread, page,
  // pageSize }); ?unread=true for the unread ones only.
  on('GET /notifications', 'notifications.list', (r) => ({
    unread: boolQuery(r.query.unread),
    ...paging(r, 20, 20),
  })),
  on('GET /notifications/count', 'notifications.unreadCount'),
  on('POST /notifications/read', 'notifications.markRead', body),
  on('GET /notifications/preferences', 'notifications.preferences'),
  on('PUT /notifications/preferences', 'notifications.setPreferences', body),
];
