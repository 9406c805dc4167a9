// ?tab= is read the way a person types it (lib/useTabParam.ts): /settings?tab=payment-methods
// opens Payment Methods, and the links that worked before still do.
import { describe, expect, it } from 'vitest';
import { resolveTab, tabKey } from '../../src/client/lib/useTabParam';

const TABS = ['profile', 'payment', 'payments'] as const;
const ALIASES = { 'payment-methods': 'payment', proofs: 'payments' } as const;

describe('resolveTab', () => {
  it('keeps the exact names', () => {
    for (const tab of TABS) expect(resolveTab(TABS, tab, ALIASES)).toBe(tab);
  });

  it.each([
    ['payment-methods', 'payment'],
    ['Payment Methods', 'payment'],
    ['payment_methods', 'payment'],
    ['paymentMethods', 'payment'],
    ['PAYMENT', 'payment'],
    ['Payments', 'payments'],
    ['proofs', 'payments'],
    [' Profile ', 'profile'],
  ])('reads %j as %s', (asked, tab) => {
    expect(resolveTab(TABS, asked, ALIASES)).toBe(tab);
  });

  it('names no tab for an unknown or absent value (the page opens its first tab)', () => {
    expect(resolveTab(TABS, 'billing', ALIASES)).toBeUndefined();
    expect(resolveTab(TABS, '', ALIASES)).toBeUndefined();
    expect(resolveTab(TABS, null, ALIASES)).toBeUndefined();
  });

  it('compares names without case or separators', () => {
    expect(tabKey('Payment-Methods')).toBe('paymentmethods');
  });
});
