// Tournament fixtures for the browser suites, made the way the app makes them: the organiser
// creates the contest and the players join through the procedures (callers signed in as them),
// the format settings travel with the contest's create request, registration closes by the
// organiser's edit, and the bracket is generated and played through the tournament procedures.
// Only the accounts are written directly (tests/helpers).
import type { DB } from '../../src/server/platform/db/client';
import type { ContestFormat } from '../../src/shared/contests';
import type {
  TReportMatchInput,
  TTournamentSettingsInput,
} from '../../src/shared/schemas/tournaments';
import { createInput, DAY } from '../helpers/contests';
import { callerFor, createUser, type CreatedUser, type TestDb } from '../helpers/db';

export interface TournamentFixture {
  contestId: number;
  slug: string;
  organiser: CreatedUser;
  players: CreatedUser[];
}

/**
 * A bracket contest open for registration, created by `organiser` with its format `settings`
 * (approved by a moderator when the organiser is a member), joined by `players`. It starts in
 * two days, or `startsInMs` from now (its registration then closes at the start).
 */
export async function openTournament(
  t: TestDb,
  {
    organiser,
    players,
    format,
    title,
    settings,
    startsInMs,
  }: {
    organiser: CreatedUser;
    players: CreatedUser[];
    format: ContestFormat;
    title: string;
    settings?: TTournamentSettingsInput;
    startsInMs?: number;
  },
): Promise<TournamentFixture> {
  const now = Date.now();
  const start = new Date(now + (startsInMs ?? 2 * DAY));
  const created = await callerFor(t, organiser).caller.contests.create({
    ...createInput({
      title,
      format,
      maxParticipants: 64,
      registrationDeadline: startsInMs === undefined ? new Date(now + DAY) : start,
      startDate: start,
      endDate: new Date(start.getTime() + 7 * DAY),
      ...(settings ? { tournament: settings } : {}),
    }),
    status: 'active',
  });
  if (created.status !== 'active') {
    // A member's contest waits for review (contestApprovalRequired): a moderator approves it.
    const moderator = await createUser(t.db, { role: 'moderator' });
    await callerFor(t, moderator).caller.contests.setStatus({ id: created.id, status: 'active' });
  }
  for (const player of players) {
    await callerFor(t, player).caller.participation.join({ contestId: created.id });
  }
  return { contestId: created.id, slug: created.slug, organiser, players };
}

/**
 * Registration closes: its deadline moves into the past, by the organiser's edit when they are
 * a reviewer, else a moderator's (a member edits an active contest no more).
 */
export async function closeRegistration(t: TestDb, fixture: TournamentFixture): Promise<void> {
  const editor =
    fixture.organiser.role === 'user'
      ? await createUser(t.db, { role: 'moderator' })
      : fixture.organiser;
  await callerFor(t, editor).caller.contests.update({
    id: fixture.contestId,
    registrationDeadline: new Date(Date.now() - 60_000),
  });
}

/** `count` players named `${prefix}1` … */
export async function createPlayers(db: DB, prefix: string, count: number): Promise<CreatedUser[]> {
  const players: CreatedUser[] = [];
  for (let i = 1; i <= count; i++)
    players.push(await createUser(db, { username: `${prefix}${i}` }));
  return players;
}

/** A generated bracket, seeded in the players' order. */
export async function generatedTournament(
  t: TestDb,
  options: Parameters<typeof openTournament>[1],
): Promise<TournamentFixture> {
  const fixture = await openTournament(t, options);
  await closeRegistration(t, fixture);
  await callerFor(t, fixture.organiser).caller.tournaments.generate({
    contestId: fixture.contestId,
    seeding: 'random',
  });
  return fixture;
}

/** Reports the first ready match of the contest as the organiser; answers it, or undefined. */
export async function reportFirstReady(
  t: TestDb,
  fixture: TournamentFixture,
  result: Omit<TReportMatchInput, 'matchId'> = { scores: [2, 1] },
) {
  const { caller } = callerFor(t, fixture.organiser);
  const [match] = await caller.tournaments.matches({
    contestId: fixture.contestId,
    status: 'ready',
  });
  if (!match) return undefined;
  await caller.tournaments.report({ matchId: match.id, ...result } as TReportMatchInput);
  return match;
}
