// The audit log's action codes in words: one map for the filter and the rows alike.
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'user.create': 'Created user',
  'user.role': 'Changed role',
  'user.tier': 'Changed subscription',
  'user.ban': 'Banned user',
  'user.unban': 'Unbanned user',
  'user.password': 'Set temporary password',
  'user.delete': 'Deleted user',
  'user.unlock': 'Cleared sign-in lock-out',
  'user.sessions.end': 'Ended sessions',
  'user.2fa.reset': 'Reset two-factor sign-in',
  'settings.update': 'Changed platform settings',
  'settings.payments': 'Changed payment settings',
  'contest.create': 'Created contest',
  'contest.update': 'Edited contest',
  'contest.status': 'Changed contest status',
  'contest.feature': 'Changed featured contest',
  'contest.scores': 'Entered scores',
  'contest.bracket.generate': 'Generated bracket',
  'contest.bracket.regenerate': 'Regenerated bracket',
  'contest.prizes.set': 'Set prize table',
  'contest.results.freeze': 'Froze results',
  'contest.results.confirm': 'Confirmed results',
  'contest.results.reopen': 'Reopened results',
  'payout.approved': 'Approved payout',
  'payout.sent': 'Marked payout sent',
  'payout.failed': 'Marked payout failed',
  'payout.forfeited': 'Forfeited payout',
  'payout.confirmed': 'Winner confirmed payout received',
  'payout.forfeit_passed': 'Passed a forfeited prize to the next place',
  'payout.forfeit_kept': 'Kept a forfeited prize (not passed on)',
  'contest.evaluation': 'Saved the evaluation settings of a submission contest',
  'contest.trading_rules': 'Saved the trading rules of a contest',
  'statement.upload': 'Uploaded a trading statement',
  'statement.review': 'Reviewed a trading statement',
  'contest.rescore': 'Re-scored the submissions of a contest',
  'contest.private_board_published': 'Published the private board of a submission contest',
  'contest.discussion.open': 'Changed who may write in a contest discussion',
  'discussion.announce': 'Posted a discussion announcement',
  'discussion.topic.update': 'Pinned, locked or marked the answer of a discussion topic',
  'discussion.post.delete': 'Deleted a discussion post',
  'discussion.bar': 'Barred a member from a contest discussion',
  'discussion.unbar': 'Lifted a discussion bar',
  'discussion.report.hide': 'Hid a reported discussion post',
  'discussion.report.restore': 'Restored a reported discussion post',
  'discussion.report.delete': 'Deleted a reported discussion post',
  'discussion.report.dismiss': 'Dismissed the reports of a discussion post',
  'education.create': 'Created education content',
  'education.update': 'Edited education content',
  'education.delete': 'Deleted education content',
  'education.import': 'Imported from WordPress',
  'payment.verify': 'Verified payment proof',
  'payment.reject': 'Rejected payment proof',
  'demo.remove': 'Removed demo data',
  'account.oidc.signin': 'Signed in with a provider',
  'account.oidc.signup': 'Signed up with a provider',
  'account.oidc.link': 'Linked a sign-in provider',
  'account.oidc.unlink': 'Unlinked a sign-in provider',
  'account.password.set': 'Set a first password',
  'user.password_reset': 'Reset password by e-mail link',
  'mail.retry': 'Sent a failed e-mail again',
};

/** The words for an action; a code with no entry yet shows as itself rather than as nothing. */
export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

const VALUE_MAX = 40;

function short(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? null);
  return text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX - 1)}…` : text;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const empty = (v: unknown) => v === null || v === undefined;

/**
 * One line about an audit entry: what changed as 'status: pending → verified', and the facts
 * around it as facts ('member: umar'), not as changes from nothing ('member: null → umar'). A
 * value recorded only after the action (its key absent before), or the same before and after, is
 * a fact; facts with no value are left out. A key gone after the action reads 'key: old → —'.
 */
export function summarizeAuditChange(entry: { before: unknown; after: unknown }): string {
  const before = asRecord(entry.before);
  const after = asRecord(entry.after);
  if (before && after) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    const changes: string[] = [];
    const facts: string[] = [];
    for (const key of keys) {
      if (!(key in before) || same(before[key], after[key])) {
        if (!empty(after[key])) facts.push(`${key}: ${short(after[key])}`);
      } else {
        changes.push(`${key}: ${short(before[key])} → ${key in after ? short(after[key]) : '—'}`);
      }
    }
    const parts = [changes.join('; '), facts.join(', ')].filter(Boolean);
    return parts.length ? parts.join('; ') : 'no change';
  }
  const only = after ?? before;
  if (only) {
    const pairs = Object.entries(only)
      .filter(([, v]) => !empty(v))
      .map(([k, v]) => `${k}: ${short(v)}`);
    return `${after ? '' : 'removed '}${pairs.join(', ')}` || '—';
  }
  const raw = entry.after ?? entry.before;
  return empty(raw) ? '—' : short(raw);
}
