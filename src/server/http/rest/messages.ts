// REST rows of the messages area: the mail outbox (admins) and the caller's notifications.
import { boolQuery, idParam, intQuery, optionalQuery, row, type RestRoute } from './row';

export const messageRows: RestRoute[] = [
  row({
    method: 'get',
    procedure: 'outbox.list',
    path: '/admin/outbox',
    input: (r) => ({
      page: intQuery(r.query.page) ?? 1,
      pageSize: intQuery(r.query.pageSize) ?? 20,
      status: optionalQuery(r.query.status),
    }),
  }),
  row({
    method: 'post',
    procedure: 'outbox.retry',
    path: '/admin/outbox/:id/retry',
    input: (r) => ({ id: idParam(r.params.id) }),
  }),
  // Issue 20 'Notifications': the caller's own, newest first ({ items, total, unread, page,
  // pageSize }); ?unread=true for the unread ones only.
  row({
    method: 'get',
    procedure: 'notifications.list',
    path: '/notifications',
    input: (r) => ({
      unread: boolQuery(r.query.unread),
      page: intQuery(r.query.page) ?? 1,
      pageSize: intQuery(r.query.pageSize) ?? 20,
    }),
  }),
  row({ method: 'get', procedure: 'notifications.unreadCount', path: '/notifications/count' }),
  row({
    method: 'post',
    procedure: 'notifications.markRead',
    path: '/notifications/read',
    input: (r) => r.body,
  }),
  row({
    method: 'get',
    procedure: 'notifications.preferences',
    path: '/notifications/preferences',
  }),
  row({
    method: 'put',
    procedure: 'notifications.setPreferences',
    path: '/notifications/preferences',
    input: (r) => r.body,
  }),
];
