// A captain's prize shares (issue 30 'Prizes from places'): set before the start by the captain
// alone, for every member and totalling 100 %, cleared by a change of the team's members, and
// read at the freeze: the team's prize split by them, exactly, the rounding left stated.
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { contestParticipants, contests } from '../../src/server/platform/db/schema';
import { PRIZE_SHARE_MESSAGES } from '../../src/shared/prizeShares';
import { TEAM_MESSAGES } from '../../src/shared/teams';
import { DAY, insertContest } from '../helpers/contests';
import { callerFor, createTestDb, createUser, type CreatedUser } from '../helpers/db';
import { refusal } from '../helpers/errors';

const t = await createTestDb();
afterAll(() => t.close());

const organiser = await createUser(t.db);
const as = (user?: CreatedUser) => callerFor(t, user).caller;

/** A free team contest (teams of 2 to 4) starting in a week, with a fixed prize for 1st. */
function teamContest() {
  return insertContest(t.db, {
    createdBy: organiser.id,
    mode: 'team',
    tournament: { teamMin: 2, teamMax: 4 },
    prizeTable: { kind: 'fixed', rows: [{ from: 1, to: 1, amount: '100', currency: 'USD' }] },
  });
}

/** A team of `size` members (the captain first), all accepted. */
async function teamOf(contestId: number, size: number) {
  const people = [await createUser(t.db)];
  const team = await as(people[0]).teams.create({ contestId, name: `Team ${Math.random()}` });
  for (let i = 1; i < size; i++) {
    const p = await createUser(t.db);
    people.push(p);
    await as(people[0]).teams.invite({ teamId: team.id, username: p.username });
    await as(p).teams.accept({ teamId: team.id });
  }
  return { teamId: team.id, captain: people[0]!, people };
}

const sharesOf = (people: CreatedUser[], percents: string[]) =>
  people.map((p, i) => ({ userId: p.id, percent: percents[i]! }));

describe('teams.setPrizeShares', () => {
  it('the captain sets shares for every member; the team shows them', async () => {
    const contest = await teamContest();
    const { teamId, captain, people } = await teamOf(contest.id, 3);
    const team = await as(captain).teams.setPrizeShares({
      teamId,
      shares: sharesOf(people, ['50', '33.33', '16.67']),
    });
    expect(team.prizeSharesSet).toBe(true);
    expect(team.members.map((m) => [m.userId, m.prizeShare])).toEqual(
      people.map((p, i) => [p.id, ['50', '33.33', '16.67'][i]]),
    );
    // Back to an equal split.
    const equal = await as(captain).teams.setPrizeShares({ teamId, shares: [] });
    expect(equal.prizeSharesSet).toBe(false);
    expect(equal.members.every((m) => m.prizeShare === null)).toBe(true);
  });

  it('refuses shares that do not total 100 %, or that leave out or add a member', async () => {
    const contest = await teamContest();
    const { teamId, captain, people } = await teamOf(contest.id, 2);
    const stranger = await createUser(t.db);
    expect(
      await refusal(
        as(captain).teams.setPrizeShares({ teamId, shares: sharesOf(people, ['50', '40']) }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: PRIZE_SHARE_MESSAGES.total(9000) });
    expect(
      await refusal(
        as(captain).teams.setPrizeShares({ teamId, shares: sharesOf([people[0]!], ['100']) }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: PRIZE_SHARE_MESSAGES.everyMember });
    expect(
      await refusal(
        as(captain).teams.setPrizeShares({
          teamId,
          shares: sharesOf([people[0]!, stranger], ['50', '50']),
        }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: PRIZE_SHARE_MESSAGES.everyMember });
    // The schema's own checks: a percentage, each member once.
    expect(
      await refusal(
        as(captain).teams.setPrizeShares({ teamId, shares: sharesOf(people, ['abc', '100']) }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: PRIZE_SHARE_MESSAGES.percent });
    expect(
      await refusal(
        as(captain).teams.setPrizeShares({
          teamId,
          shares: sharesOf([people[0]!, people[0]!], ['50', '50']),
        }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: PRIZE_SHARE_MESSAGES.twice });
  });

  it('only the captain, and only before the start', async () => {
    const contest = await teamContest();
    const { teamId, people } = await teamOf(contest.id, 2);
    const shares = sharesOf(people, ['60', '40']);
    expect((await refusal(as(people[1]).teams.setPrizeShares({ teamId, shares }))).code).toBe(
      'FORBIDDEN',
    );
    expect((await refusal(as(organiser).teams.setPrizeShares({ teamId, shares }))).code).toBe(
      'FORBIDDEN',
    );
    await t.db
      .update(contests)
      .set({
        startDate: new Date(Date.now() - DAY),
        registrationDeadline: new Date(Date.now() - DAY),
      })
      .where(eq(contests.id, contest.id));
    expect(await refusal(as(people[0]).teams.setPrizeShares({ teamId, shares }))).toMatchObject({
      code: 'CONFLICT',
      message: PRIZE_SHARE_MESSAGES.started,
    });
    expect(TEAM_MESSAGES.started).not.toBe(PRIZE_SHARE_MESSAGES.started);
  });

  it('a change of members clears the shares', async () => {
    const contest = await teamContest();
    const { teamId, captain, people } = await teamOf(contest.id, 2);
    await as(captain).teams.setPrizeShares({ teamId, shares: sharesOf(people, ['70', '30']) });
    const joiner = await createUser(t.db);
    await as(captain).teams.invite({ teamId, username: joiner.username });
    // An invitation alone changes nothing; joining does.
    expect((await as(captain).teams.get({ teamId })).prizeSharesSet).toBe(true);
    await as(joiner).teams.accept({ teamId });
    expect((await as(captain).teams.get({ teamId })).prizeSharesSet).toBe(false);

    await as(captain).teams.setPrizeShares({
      teamId,
      shares: sharesOf([...people, joiner], ['50', '25', '25']),
    });
    await as(joiner).teams.leave({ teamId });
    expect((await as(captain).teams.get({ teamId })).prizeSharesSet).toBe(false);

    await as(captain).teams.setPrizeShares({ teamId, shares: sharesOf(people, ['90', '10']) });
    const third = await createUser(t.db);
    await as(captain).teams.invite({ teamId, username: third.username });
    await as(third).teams.accept({ teamId });
    await as(captain).teams.setPrizeShares({
      teamId,
      shares: sharesOf([...people, third], ['40', '30', '30']),
    });
    await as(captain).teams.removeMember({ teamId, userId: third.id });
    expect((await as(captain).teams.get({ teamId })).prizeSharesSet).toBe(false);
  });
});

describe('the team prize at the freeze', () => {
  /** The team registered, the contest started, the team scored. */
  async function playedTeam(size: number, percents: string[] | null) {
    const contest = await teamContest();
    const team = await teamOf(contest.id, size);
    if (percents) {
      await as(team.captain).teams.setPrizeShares({
        teamId: team.teamId,
        shares: sharesOf(team.people, percents),
      });
    }
    await as(team.captain).teams.register({ teamId: team.teamId });
    const started = new Date(Date.now() - DAY);
    await t.db
      .update(contests)
      .set({ startDate: started, registrationDeadline: started })
      .where(eq(contests.id, contest.id));
    await t.db
      .update(contestParticipants)
      .set({ score: 10 })
      .where(eq(contestParticipants.teamId, team.teamId));
    return { contest, ...team };
  }

  it("splits the prize by the captain's shares, exactly, the rounding stated", async () => {
    const { contest, people } = await playedTeam(3, ['50', '33.33', '16.67']);
    const frozen = await as(organiser).results.freeze({ contestId: contest.id });
    expect(frozen.standings[0]!.prize).toEqual({ amount: '100', currency: 'USD' });
    expect(frozen.standings[0]!.members.map((m) => [m.userId, m.prize?.amount])).toEqual([
      [people[0]!.id, '50'],
      [people[1]!.id, '33.33'],
      [people[2]!.id, '16.67'],
    ]);
    expect(frozen.remainder).toEqual([]);
  });

  it('rounds each share down to the cent and states the rest', async () => {
    const { contest } = await playedTeam(3, ['33.33', '33.33', '33.34']);
    await t.db
      .update(contests)
      .set({
        prizeTable: { kind: 'fixed', rows: [{ from: 1, to: 1, amount: '0.1', currency: 'USD' }] },
      })
      .where(eq(contests.id, contest.id));
    const frozen = await as(organiser).results.freeze({ contestId: contest.id });
    // 0.10 USD: 3.333 cents, 3.333 cents and 3.334 cents, each rounded down to 3 cents.
    expect(frozen.standings[0]!.members.map((m) => m.prize?.amount)).toEqual([
      '0.03',
      '0.03',
      '0.03',
    ]);
    expect(frozen.remainder).toEqual([{ amount: '0.01', currency: 'USD' }]);
  });

  it('without shares, splits equally', async () => {
    const { contest } = await playedTeam(4, null);
    const frozen = await as(organiser).results.freeze({ contestId: contest.id });
    expect(frozen.standings[0]!.members.map((m) => m.prize?.amount)).toEqual([
      '25',
      '25',
      '25',
      '25',
    ]);
  });
});
