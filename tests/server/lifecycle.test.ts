// The one contest lifecycle (src/shared/lifecycle.ts): its phase from dates, status and bracket,
// and the words and rules that follow from it, as a table of cases.
import { describe, expect, it } from 'vitest';
import {
  PHASE_LABELS,
  contestPhase,
  hasStarted,
  isReminderDue,
  startsInWords,
  type ContestPhase,
  type LifecycleFacts,
} from '../../src/shared/lifecycle';

const NOW = Date.UTC(2026, 5, 10, 12);
const HOUR = 3_600_000;
const at = (hours: number) => new Date(NOW + hours * HOUR);

/** A contest: registration closes an hour before its start, it lasts a week. */
function contest(startInHours: number, over: Partial<LifecycleFacts> = {}): LifecycleFacts {
  return {
    status: 'active',
    registrationDeadline: at(startInHours - 1),
    startDate: at(startInHours),
    endDate: at(startInHours + 7 * 24),
    bracketGeneratedAt: null,
    ...over,
  };
}

describe('contestPhase', () => {
  const cases: [string, LifecycleFacts, ContestPhase][] = [
    ['a draft', contest(48, { status: 'draft' }), 'draft'],
    ['a pending contest', contest(48, { status: 'pending' }), 'pending'],
    ['a rejected contest', contest(-48, { status: 'rejected' }), 'rejected'],
    ['open for registration, two days off', contest(48), 'registration_open'],
    ['open for registration, 3 hours off', contest(3), 'registration_open'],
    ['registration closed, 30 minutes off', contest(0.5), 'starting_soon'],
    [
      'registration closed, two days off',
      contest(48, { registrationDeadline: at(-1) }),
      'upcoming',
    ],
    ['started', contest(-1), 'live'],
    [
      'its bracket generated before the start',
      contest(0.5, { bracketGeneratedAt: at(-1) }),
      'live',
    ],
    ['its bracket finished before the start', contest(0.5, { bracketFinished: true }), 'completed'],
    ['its end passed, status still active', contest(-8 * 24), 'completed'],
    ['marked completed before its end', contest(-1, { status: 'completed' }), 'completed'],
    ['marked completed before its start', contest(48, { status: 'completed' }), 'completed'],
    [
      'no dates at all',
      contest(0, { registrationDeadline: null, startDate: null, endDate: null }),
      'registration_open',
    ],
  ];
  it.each(cases)('%s', (_name, facts, phase) => {
    expect(contestPhase(facts, NOW)).toBe(phase);
  });

  it('has words for every phase', () => {
    expect(PHASE_LABELS).toMatchObject({
      live: 'Live',
      starting_soon: 'Starting soon',
      completed: 'Completed',
      registration_open: 'Registration Open',
    });
  });
});

describe('hasStarted and isReminderDue', () => {
  const cases: [string, LifecycleFacts, boolean, boolean][] = [
    ['two days off', contest(48), false, false],
    ['23 hours off, registration open', contest(23), false, true],
    ['30 minutes off, registration closed', contest(0.5), false, true],
    ['started', contest(-1), true, false],
    [
      'its bracket generated before the start',
      contest(2, { bracketGeneratedAt: at(-1) }),
      true,
      false,
    ],
    ['completed before the start', contest(2, { status: 'completed' }), true, false],
    ['pending, an hour off', contest(1, { status: 'pending' }), false, false],
  ];
  it.each(cases)('%s', (_name, facts, started, due) => {
    expect(hasStarted(contestPhase(facts, NOW))).toBe(started);
    expect(isReminderDue(facts, NOW)).toBe(due);
  });
});

describe('startsInWords', () => {
  it.each([
    [0.2, 'in about 1 hour'],
    [1, 'in about 1 hour'],
    [5.4, 'in about 5 hours'],
  ])('%s hours off: %s', (hours, words) => {
    expect(startsInWords(at(hours), NOW)).toBe(words);
  });
});
