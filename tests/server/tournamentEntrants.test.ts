// tournaments.entrants (issue 19): the organiser's list of who a bracket would seed, for the
// generate dialog's manual order: every participant once, best current score first, accepted
// as it is (or reordered) by tournaments.generate; refused to anyone who does not run the
// contest and for a contest without matches.
import { afterAll, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { callerFor, createTestDb, createUser } from '../helpers/db';
import { closeRegistration, createPlayers, openTournament } from '../e2e/tournamentData';

const t = await createTestDb();
afterAll(() => t.close());

async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCError) {
      return { code: error.code, reason: (error.cause as { reason?: string } | undefined)?.reason };
    }
    throw error;
  }
  throw new Error('the call was not refused');
}

describe('tournaments.entrants', () => {
  it('lists the participants best score first, and generate takes that order reversed', async () => {
    const creator = await createUser(t.db, { username: 'ent_creator' });
    const players = await createPlayers(t.db, 'ent_p', 4);
    const fixture = await openTournament(t, {
      organiser: creator,
      players,
      format: 'knockout',
      title: 'Entrants Cup',
    });
    const admin = await createUser(t.db, { role: 'admin' });
    await callerFor(t, admin).caller.leaderboard.setScores({
      contestId: fixture.contestId,
      scores: [
        { username: 'ent_p3', score: 30 },
        { username: 'ent_p1', score: 10 },
      ],
    });
    const { caller } = callerFor(t, creator);
    const entrants = await caller.tournaments.entrants({ contestId: fixture.contestId });
    expect(entrants.map((e) => e.name)).toEqual(['ent_p3', 'ent_p1', 'ent_p2', 'ent_p4']);
    expect(entrants.map((e) => e.score)).toEqual([30, 10, null, null]);
    expect(entrants.every((e) => e.checkedIn === false)).toBe(true);

    await closeRegistration(t, fixture);
    const order = entrants.map((e) => e.id).reverse();
    const generated = await caller.tournaments.generate({
      contestId: fixture.contestId,
      seeding: 'manual',
      order,
    });
    expect(generated.participants).toBe(4);
    const bracket = await caller.tournaments.bracket({ contestId: fixture.contestId });
    const firstRound = bracket.stages[0]!.groups[0]!.rounds[0]!.matches;
    const seeded = firstRound.flatMap((m) => m.participants.map((p) => p?.name));
    // Seeds 1 and 4 meet, 2 and 3: ent_p4 (seed 1) plays ent_p3 (seed 4).
    expect(seeded).toEqual(expect.arrayContaining(['ent_p4', 'ent_p3']));
    const first = firstRound.find((m) => m.participants.some((p) => p?.name === 'ent_p4'))!;
    expect(first.participants.map((p) => p?.name).sort()).toEqual(['ent_p3', 'ent_p4']);
  });

  it('is refused to a member who does not run the contest, and for an open contest', async () => {
    const creator = await createUser(t.db);
    const players = await createPlayers(t.db, 'ent_q', 2);
    const fixture = await openTournament(t, {
      organiser: creator,
      players,
      format: 'league',
      title: 'Entrants League',
    });
    expect(
      await refusal(
        callerFor(t, players[0]!).caller.tournaments.entrants({ contestId: fixture.contestId }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN' });
    const open = await openTournament(t, {
      organiser: creator,
      players: [],
      format: 'open',
      title: 'Entrants Open',
    });
    expect(
      await refusal(
        callerFor(t, creator).caller.tournaments.entrants({ contestId: open.contestId }),
      ),
    ).toMatchObject({ code: 'CONFLICT' });
    const moderator = await createUser(t.db, { role: 'moderator' });
    expect(
      await callerFor(t, moderator).caller.tournaments.entrants({ contestId: fixture.contestId }),
    ).toHaveLength(2);
  });
});
