// The contest rules the client and the server share (src/shared/contests.ts): who organises a
// contest, and when its registration is open. The server's join rule and the detail page's
// 'Registration Open' ask the same function, so they cannot disagree.
import { describe, expect, it } from 'vitest';
import { joinRefusal } from '../../src/server/domain/participation/joinRule';
import {
  isOrganiser,
  isRegistrationClosed,
  isRegistrationOpen,
  type ContestStatus,
  type RegistrationDates,
} from '../../src/shared/contests';

const HOUR = 3600_000;
const now = Date.UTC(2026, 10, 28, 12);
const at = (hours: number) => new Date(now + hours * HOUR);

describe('isOrganiser', () => {
  const contest = { createdBy: 7 };
  it('is the creator, moderators and admins; nobody else, nor an anonymous viewer', () => {
    expect(isOrganiser(contest, { id: 7, role: 'user' })).toBe(true);
    expect(isOrganiser(contest, { id: 8, role: 'moderator' })).toBe(true);
    expect(isOrganiser(contest, { id: 9, role: 'admin' })).toBe(true);
    expect(isOrganiser(contest, { id: 8, role: 'user' })).toBe(false);
    expect(isOrganiser({ createdBy: null }, { id: 8, role: 'user' })).toBe(false);
    expect(isOrganiser(contest, null)).toBe(false);
  });
});

describe('the registration window', () => {
  const open: RegistrationDates & { status: ContestStatus } = {
    status: 'active',
    registrationDeadline: at(2),
    startDate: at(4),
    endDate: at(48),
  };
  const cases: [string, Partial<typeof open>, boolean][] = [
    ['before the deadline', {}, true],
    ['after the deadline', { registrationDeadline: at(-1) }, false],
    ['no deadline: before the start', { registrationDeadline: null }, true],
    ['no deadline: after the start', { registrationDeadline: null, startDate: at(-1) }, false],
    // The case the client once read as open: no deadline, no start, an end gone by.
    [
      'no deadline nor start, ended',
      { registrationDeadline: null, startDate: null, endDate: at(-1) },
      false,
    ],
    ['no dates at all', { registrationDeadline: null, startDate: null, endDate: null }, true],
  ];
  for (const [what, change, expected] of cases) {
    it(`${what}: ${expected ? 'open' : 'closed'}, for the client and the join rule alike`, () => {
      const contest = { ...open, ...change };
      expect(isRegistrationOpen(contest, now)).toBe(expected);
      const refusal = joinRefusal({
        contest: {
          ...contest,
          id: 1,
          slug: 'c',
          title: 'C',
          createdBy: 1,
          participants: 0,
          maxParticipants: 10,
          requiredTier: 'free',
          participationType: 'free',
          inviteCode: null,
          entryFee: null,
          mode: 'individual',
          bracketGeneratedAt: null,
        },
        tier: 'free',
        joined: false,
        fee: 'unpaid',
        now,
      });
      expect(refusal?.reason === 'closed').toBe(!expected);
    });
  }

  it('counts a fee paid while open after the deadline, until the end', () => {
    const contest = { ...open, registrationDeadline: at(-1) };
    expect(isRegistrationClosed(contest, now, now - 2 * HOUR)).toBe(false);
    expect(isRegistrationClosed({ ...contest, endDate: at(-0.5) }, now, now - 2 * HOUR)).toBe(true);
  });

  it('is never open unless the contest is active', () => {
    for (const status of ['draft', 'pending', 'completed', 'rejected'] as const) {
      expect(isRegistrationOpen({ ...open, status }, now)).toBe(false);
    }
  });
});
