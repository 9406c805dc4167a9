// The words of a contest's results, a winner's payout line and a certificate (issue 30), kept
// out of the components so they are tested alone (tests/server/resultsDisplay.test.ts).
import { formatPrize } from '../../../shared/prizes';
import { PAYOUT_STATUS_LABELS } from '../../../shared/payouts';
import type { TPayout } from '../../../shared/schemas/payouts';
import type { TResults } from '../../../shared/schemas/results';

/** A transaction hash or reference cut to its start: '0x12ab34…' (the whole one is linked). */
export function shortReference(reference: string, keep = 6): string {
  return reference.length <= keep + 2 ? reference : `${reference.slice(0, keep)}…`;
}

/** '2nd place, 300 USDT: Sent, tx 0x12ab…' (the reference only once the line carries one). */
export function payoutSentence(
  line: Pick<TPayout, 'placeText' | 'amount' | 'currency' | 'status' | 'reference' | 'network'>,
): string {
  const head = `${line.placeText} place, ${formatPrize(line.amount, line.currency)}: ${
    PAYOUT_STATUS_LABELS[line.status]
  }`;
  if (!line.reference) return head;
  // A crypto line carries its network; a bank or PayPal line a payment reference.
  const kind = line.network ? 'tx' : 'reference';
  return `${head}, ${kind} ${shortReference(line.reference)}`;
}

/** Whether the organiser may freeze now: the results are open and nothing blocks them. */
export function mayFreeze(results: Pick<TResults, 'status' | 'blockers'>): boolean {
  return results.status === 'open' && results.blockers.length === 0;
}

/** Whether the organiser may confirm now: frozen, or open with nothing blocking a freeze. */
export function mayConfirm(results: Pick<TResults, 'status' | 'blockers'>): boolean {
  return results.status === 'frozen' || mayFreeze(results);
}

/** Whether there is something to reopen: frozen or confirmed results. */
export function mayReopen(results: Pick<TResults, 'status'>): boolean {
  return results.status !== 'open';
}

const ORDINAL_WORDS = [
  'First',
  'Second',
  'Third',
  'Fourth',
  'Fifth',
  'Sixth',
  'Seventh',
  'Eighth',
  'Ninth',
  'Tenth',
];

/**
 * A certificate's place in words: 'Second place' for one place up to the tenth; a shared or
 * later place as its text says it ('3rd-4th place', '11th place').
 */
export function placeInWords(place: number, placeText: string): string {
  const single = /^\d+(st|nd|rd|th)$/.test(placeText) && parseInt(placeText, 10) === place;
  const word = single ? ORDINAL_WORDS[place - 1] : undefined;
  return word ? `${word} place` : `${placeText} place`;
}
