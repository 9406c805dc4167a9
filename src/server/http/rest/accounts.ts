// REST rows of the accounts area: signing in and out, the caller's account, sessions, two-factor
// sign-in, OpenID Connect, password and e-mail links, and the admins' user management.
import {
  body,
  bodyWithIdAs,
  idAs,
  on,
  optionalQuery,
  paging,
  plainList,
  row,
  unauthorized,
  type RestRoute,
} from './row';

export const accountRows: RestRoute[] = [
  row({
    method: 'get',
    procedure: 'auth.me',
    path: '/user',
    answer: (me) => me ?? unauthorized(),
  }),
  on('POST /login', 'auth.login', body),
  // Two-factor sign-in: the code step, on the cookie POST /api/login set (within 5 minutes).
  on('POST /login/2fa', 'auth.loginTwoFactor', body),
  on('POST /login/trust-device', 'auth.trustDevice', body),
  on('POST /register', 'auth.register', body, 201),
  on('POST /logout', 'auth.logout'),
  on('PATCH /user/profile', 'account.updateProfile', body),
  on('PATCH /user/password', 'account.changePassword', body),
  on('GET /user/payment', 'account.getPayment'),
  on('GET /user/sessions', 'account.listSessions'),
  on('DELETE /user/sessions/:id', 'account.revokeSession', (r) => ({ id: String(r.params.id) })),
  on('POST /user/sessions/revoke', 'account.endOtherSessions'),
  on('GET /user/2fa', 'twoFactor.status'),
  on('POST /user/2fa/setup', 'twoFactor.beginSetup'),
  on('POST /user/2fa/enable', 'twoFactor.enable', body),
  on('POST /user/2fa/recovery-codes', 'twoFactor.regenerateRecoveryCodes', body),
  on('POST /user/2fa/disable', 'twoFactor.disable', body),
  on('PATCH /users/:id/payment', 'account.updatePayment', bodyWithIdAs('userId')),
  // The SPEC's plain array: the whole list, or one page when asked.
  row({
    method: 'get',
    procedure: 'adminUsers.list',
    path: '/users',
    input: (r) => ({
      search: typeof r.query.search === 'string' ? r.query.search : undefined,
      // Passed as given: the procedure's schema refuses an unknown role, tier, sort or order.
      role: optionalQuery(r.query.role),
      tier: optionalQuery(r.query.tier),
      sort: optionalQuery(r.query.sort),
      order: optionalQuery(r.query.order),
      ...paging(r, 25, 10_000),
    }),
    answer: (result, r) => plainList(r, result.users, result.total),
  }),
  on('PATCH /users/:id', 'adminUsers.update', bodyWithIdAs('id')),
  on('POST /admin/users', 'adminUsers.create', body, 201),
  on('DELETE /admin/users/:id', 'adminUsers.delete', idAs('id')),
  on('POST /admin/users/:id/password', 'adminUsers.setPassword', bodyWithIdAs('id')),
  on('POST /admin/users/:id/ban', 'adminUsers.ban', bodyWithIdAs('id')),
  on('POST /admin/users/:id/unban', 'adminUsers.unban', idAs('id')),
  on('DELETE /admin/users/:id/2fa', 'twoFactor.reset', idAs('id')),
  // Sign in with OpenID Connect (the redirects to and from the provider are http/oidc.ts).
  on('GET /auth/providers', 'oidc.providers'),
  on('GET /auth/oidc/flow', 'oidc.flow'),
  on('POST /auth/oidc/username', 'oidc.chooseUsername', body, 201),
  on('POST /auth/oidc/confirm', 'oidc.confirmLink', body),
  on('POST /auth/oidc/cancel', 'oidc.cancel'),
  on('GET /user/sign-in-methods', 'oidc.methods'),
  on('DELETE /user/sign-in-methods/:provider', 'oidc.unlink', (r) => ({
    provider: String(r.params.provider),
  })),
  on('POST /user/password', 'oidc.setPassword', body),
  on('POST /password/forgot', 'password.forgot', body, 202),
  on('POST /password/reset', 'password.reset', body),
  on('POST /email/verify', 'email.verify', body),
  on('POST /email/resend', 'email.resend'),
];
