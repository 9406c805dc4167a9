// The results section's pure client helpers (src/client/components/results/resultsDisplay.ts):
// a winner's payout line in words, which organiser buttons show, and a certificate's place.
import { describe, expect, it } from 'vitest';
import {
  mayConfirm,
  mayFreeze,
  mayReopen,
  payoutSentence,
  placeInWords,
  shortReference,
} from '../../src/client/components/results/resultsDisplay';

const blocker = { kind: 'open_dispute' as const, message: 'A match is disputed', matchId: 3 };

describe('payoutSentence', () => {
  const line = {
    placeText: '2nd',
    amount: '300',
    currency: 'USDT' as const,
    status: 'ready' as const,
    reference: null,
    network: null,
  };

  it('says the place, the prize and the status in words', () => {
    expect(payoutSentence(line)).toBe('2nd place, 300 USDT: Ready');
    expect(payoutSentence({ ...line, amount: '1750.5', status: 'awaiting_method' })).toBe(
      '2nd place, 1,750.5 USDT: Awaiting payout method',
    );
  });

  it('adds a sent crypto line its shortened transaction hash', () => {
    const hash = `0x${'ab'.repeat(32)}`;
    expect(payoutSentence({ ...line, status: 'sent', reference: hash, network: 'ETH' })).toBe(
      '2nd place, 300 USDT: Sent, tx 0xabab…',
    );
  });

  it('names a bank or PayPal reference as a reference', () => {
    expect(
      payoutSentence({ ...line, currency: 'USD', status: 'confirmed', reference: 'BANK-1' }),
    ).toBe('2nd place, 300 USD: Received, reference BANK-1');
  });
});

describe('shortReference', () => {
  it('keeps a short reference whole and cuts a long one', () => {
    expect(shortReference('REF123')).toBe('REF123');
    expect(shortReference('0x1234567890')).toBe('0x1234…');
  });
});

describe('the organiser buttons', () => {
  it('freeze only open results with nothing blocking them', () => {
    expect(mayFreeze({ status: 'open', blockers: [] })).toBe(true);
    expect(mayFreeze({ status: 'open', blockers: [blocker] })).toBe(false);
    expect(mayFreeze({ status: 'frozen', blockers: [] })).toBe(false);
  });

  it('confirm frozen results, or open ones nothing blocks', () => {
    expect(mayConfirm({ status: 'frozen', blockers: [] })).toBe(true);
    expect(mayConfirm({ status: 'open', blockers: [] })).toBe(true);
    expect(mayConfirm({ status: 'open', blockers: [blocker] })).toBe(false);
    expect(mayConfirm({ status: 'confirmed', blockers: [] })).toBe(false);
  });

  it('reopen frozen or confirmed results', () => {
    expect(mayReopen({ status: 'open' })).toBe(false);
    expect(mayReopen({ status: 'frozen' })).toBe(true);
    expect(mayReopen({ status: 'confirmed' })).toBe(true);
  });
});

describe('placeInWords', () => {
  it('writes one of the first ten places as a word', () => {
    expect(placeInWords(1, '1st')).toBe('First place');
    expect(placeInWords(2, '2nd')).toBe('Second place');
    expect(placeInWords(10, '10th')).toBe('Tenth place');
  });

  it('keeps a shared or later place as its text says it', () => {
    expect(placeInWords(3, '3rd-4th')).toBe('3rd-4th place');
    expect(placeInWords(12, '12th')).toBe('12th place');
  });
});
