// The audit log's action codes in words: one map for the filter and the rows alike.
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'user.create': 'Created user',
  'user.role': 'Changed role',
  'user.tier': 'Changed subscription',
  'user.ban': 'Banned user',
  'user.unban': 'Unbanned user',
  'user.password': 'Set temporary password',
  'user.delete': 'Deleted user',
  'settings.update': 'Changed platform settings',
  'settings.payments': 'Changed payment settings',
  'contest.create': 'Created contest',
  'contest.update': 'Edited contest',
  'contest.status': 'Changed contest status',
  'contest.feature': 'Changed featured contest',
  'contest.scores': 'Entered scores',
  'education.create': 'Created education content',
  'education.update': 'Edited education content',
  'education.delete': 'Deleted education content',
  'education.import': 'Imported from WordPress',
  'payment.verify': 'Verified payment proof',
  'payment.reject': 'Rejected payment proof',
};

/** The words for an action; a code with no entry yet shows as itself rather than as nothing. */
export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}
