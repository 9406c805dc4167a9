// REST rows of the platform's administration: settings (and the public part of them), the
// figures of the admin dashboard, and the audit log.
import { intQuery, optionalQuery, row, type RestRoute } from './row';

export const adminRows: RestRoute[] = [
  row({ method: 'get', procedure: 'adminSettings.get', path: '/admin/settings' }),
  row({
    method: 'patch',
    procedure: 'adminSettings.update',
    path: '/admin/settings',
    input: (r) => r.body,
  }),
  row({ method: 'get', procedure: 'adminSettings.getPayments', path: '/admin/settings/payments' }),
  row({
    method: 'patch',
    procedure: 'adminSettings.updatePayments',
    path: '/admin/settings/payments',
    input: (r) => r.body,
  }),
  row({ method: 'get', procedure: 'settings.public', path: '/settings' }),
  row({ method: 'get', procedure: 'admin.stats', path: '/admin/stats' }),
  row({
    method: 'get',
    procedure: 'audit.list',
    path: '/admin/audit',
    input: (r) => ({
      page: intQuery(r.query.page) ?? 1,
      pageSize: intQuery(r.query.pageSize) ?? 50,
      action: typeof r.query.action === 'string' ? r.query.action : undefined,
      actor: optionalQuery(r.query.actor),
      from: optionalQuery(r.query.from),
      to: optionalQuery(r.query.to),
    }),
  }),
];
