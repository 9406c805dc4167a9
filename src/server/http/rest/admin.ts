// REST rows of the platform's administration: settings (and the public part of them), the
// figures of the admin dashboard, and the audit log.
import { body, on, optionalQuery, paging, row, type RestRoute } from './row';

export const adminRows: RestRoute[] = [
  on('GET /admin/settings', 'adminSettings.get'),
  on('PATCH /admin/settings', 'adminSettings.update', body),
  on('GET /admin/settings/payments', 'adminSettings.getPayments'),
  on('PATCH /admin/settings/payments', 'adminSettings.updatePayments', body),
  on('GET /settings', 'settings.public'),
  on('GET /admin/stats', 'admin.stats'),
  row({
    method: 'get',
    procedure: 'audit.list',
    path: '/admin/audit',
    input: (r) => ({
      ...paging(r, 50, 50),
      action: typeof r.query.action === 'string' ? r.query.action : undefined,
      actor: optionalQuery(r.query.actor),
      from: optionalQuery(r.query.from),
      to: optionalQuery(r.query.to),
    }),
  }),
];
