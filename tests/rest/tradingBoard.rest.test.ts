// A trading contest's board over real HTTP (issue 34): GET /api/contests/{id}/trading-board
// answers whoever may see the contest with each entrant's counting statement in the board's
// order, money as decimal strings; 401 signed out, 404 hidden or missing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addParticipant } from '../../src/server/domain/participation';
import { closeParsePool, traderBoardChanged } from '../../src/server/domain/trading';
import { contestParticipants } from '../../src/server/platform/db/schema';
import { and, eq } from 'drizzle-orm';
import type { TTradingBoard } from '../../src/shared/schemas/trading';
import { clientFor } from '../helpers/accounts';
import { insertContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import { insertStatementRow } from '../helpers/tradingRows';
import { JUNE, operation, rules, statement } from '../helpers/tradingStatement';
import {
  HttpClient,
  startTestServer,
  type HttpClient as Client,
  type TestServer,
} from '../helpers/server';

let s: TestServer;
let creator: CreatedUser;
let organiser: Client;
let member: Client;
let anonymous: Client;
beforeAll(async () => {
  s = await startTestServer();
  creator = await createUser(s.db);
  organiser = await clientFor(s, creator.id);
  member = await clientFor(s, (await createUser(s.db)).id);
  anonymous = new HttpClient(s.url);
});
afterAll(async () => {
  await closeParsePool();
  await s?.stop();
});

const gained = (profit: string) =>
  statement(
    [{ ticket: '7', open: '06-05 08:00', close: '06-05 09:00', profit }],
    [operation('D', '06-01 00:00', '10000.00')],
  );

async function trader(contestId: number, profit: string) {
  const user = await createUser(s.db);
  await addParticipant({ db: s.db, contestId, userId: user.id });
  const [row] = await s.db
    .select({ id: contestParticipants.id })
    .from(contestParticipants)
    .where(
      and(eq(contestParticipants.contestId, contestId), eq(contestParticipants.userId, user.id)),
    );
  await insertStatementRow(s.db, s.deps.privateDir, {
    contestId,
    participantId: row!.id,
    userId: user.id,
    parsed: gained(profit),
    rules: rules(),
    window: JUNE,
  });
  return user;
}

describe('GET /api/contests/{id}/trading-board', () => {
  it('answers the board in its order to whoever sees the contest', async () => {
    const contest = await insertContest(s.db, {
      createdBy: creator.id,
      format: 'open',
      status: 'active',
      startDate: JUNE.startsAt,
      registrationDeadline: JUNE.startsAt,
      endDate: JUNE.endsAt,
    });
    const path = `/api/contests/${contest.id}/trading-board`;
    expect(
      (await organiser.request('PUT', `/api/contests/${contest.id}/trading-rules`, {})).status,
    ).toBe(200);
    const low = await trader(contest.id, '150.00');
    const high = await trader(contest.id, '420.50');
    await s.db.transaction((tx) => traderBoardChanged(tx, contest.id));
    const read = await member.get(path);
    expect(read.status).toBe(200);
    const board = read.json as TTradingBoard;
    expect(board.metric).toBe('return_pct');
    expect(board.rows.map((r) => [r.entrantName, r.rank, r.figures.returnPct])).toEqual([
      [high.username, 1, '4.21'],
      [low.username, 2, '1.50'],
    ]);
    expect(board.rows[0]!.figures.netProfit).toBe('420.50');
    expect(board.rows[0]!.curve.map((p) => p.balance)).toEqual(['10000.00', '10420.50']);
  });

  it('answers 401 signed out, 404 to whoever may not see the contest or a missing one', async () => {
    const hidden = await insertContest(s.db, {
      createdBy: creator.id,
      format: 'open',
      status: 'pending',
    });
    const path = `/api/contests/${hidden.id}/trading-board`;
    expect((await anonymous.get(path)).status).toBe(401);
    expect((await member.get(path)).status).toBe(404);
    expect((await organiser.get(path)).status).toBe(200);
    expect((await member.get('/api/contests/999999/trading-board')).status).toBe(404);
  });
});
