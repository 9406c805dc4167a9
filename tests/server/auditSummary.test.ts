// The audit log's one-line summary: real changes as 'a → b', everything else as facts.
import { describe, expect, it } from 'vitest';
import { summarizeAuditChange } from '../../src/shared/auditActions';

describe('summarizeAuditChange', () => {
  it('shows values recorded only after the action as facts, not as changes from null', () => {
    const summary = summarizeAuditChange({
      before: { status: 'pending' },
      after: { status: 'verified', member: 'umar', network: 'ETH', tier: null, admitted: true },
    });
    expect(summary).toBe('status: pending → verified; member: umar, network: ETH, admitted: true');
    expect(summary).not.toContain('null');
  });

  it('shows values equal before and after as facts, after the changes', () => {
    expect(
      summarizeAuditChange({
        before: { role: 'user', subscriptionTier: 'free' },
        after: { role: 'moderator', subscriptionTier: 'free' },
      }),
    ).toBe('role: user → moderator; subscriptionTier: free');
  });

  it('keeps a change from or to an empty value a change', () => {
    expect(
      summarizeAuditChange({
        before: { role: 'user', banReason: null },
        after: { role: 'banned', banReason: 'Sharing accounts' },
      }),
    ).toBe('role: user → banned; banReason: null → Sharing accounts');
    expect(summarizeAuditChange({ before: { featured: true }, after: {} })).toBe(
      'featured: true → —',
    );
  });

  it('says so when nothing changed and nothing is known', () => {
    expect(summarizeAuditChange({ before: { a: null }, after: { a: null } })).toBe('no change');
    expect(summarizeAuditChange({ before: null, after: null })).toBe('—');
  });

  it('lists created and removed records as facts', () => {
    expect(summarizeAuditChange({ before: null, after: { username: 'umar', role: 'user' } })).toBe(
      'username: umar, role: user',
    );
    expect(summarizeAuditChange({ before: { title: 'Old post' }, after: null })).toBe(
      'removed title: Old post',
    );
  });

  it('shortens long values', () => {
    const long = 'x'.repeat(100);
    expect(summarizeAuditChange({ before: null, after: { note: long } })).toBe(
      `note: ${'x'.repeat(39)}…`,
    );
  });
});
