// Who may call each procedure. The authorisation test calls every procedure as every principal
// and compares the outcome with this table; a procedure without a row fails that test.
// 'anonymous' = anyone (banned sessions are treated as signed out), 'member' = any signed-in
// non-banned account, 'moderator' = moderators and admins, 'admin' = admins only.
export type Access = 'anonymous' | 'member' | 'moderator' | 'admin';

export const accessPolicy: Record<string, Access> = {
  'auth.me': 'anonymous',
  'auth.login': 'anonymous',
  'auth.register': 'anonymous',
  'auth.logout': 'anonymous',
  'settings.public': 'anonymous',
  'account.updateProfile': 'member',
  'account.changePassword': 'member',
  'account.endOtherSessions': 'member',
  'account.getPayment': 'member',
  'account.updatePayment': 'member',
  'adminUsers.list': 'admin',
  'adminUsers.create': 'admin',
  'adminUsers.update': 'admin',
  'adminUsers.setPassword': 'admin',
  'adminUsers.delete': 'admin',
  'adminSettings.get': 'admin',
  'adminSettings.update': 'admin',
  'adminSettings.getPayments': 'admin',
  'adminSettings.updatePayments': 'admin',
  'audit.list': 'admin',
};
