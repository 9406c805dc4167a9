// A contest's prize table over real HTTP (issue 30's REST lines): GET and PUT
// /api/contests/{id}/prizes with their status codes, the body as the table itself and
// `{ "table": null }` to clear, and the refusals' fields and reasons.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIZE_MESSAGES } from '../../src/shared/schemas/prizes';
import { clientFor } from '../helpers/accounts';
import { insertContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
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
afterAll(() => s?.stop());

const POOL = {
  kind: 'pool',
  poolPercentOfFees: '50',
  poolFixed: '1750',
  rows: [
    { from: 1, to: 1, percent: '50', currency: 'USDT' },
    { from: 2, to: 3, percent: '25', currency: 'USDT' },
  ],
};

describe('PUT /api/contests/{id}/prizes', () => {
  it('sets the table from the body and clears it with { table: null }', async () => {
    const contest = await insertContest(s.db, { createdBy: creator.id });
    const path = `/api/contests/${contest.id}/prizes`;
    const set = await organiser.request('PUT', path, POOL);
    expect(set.status).toBe(200);
    expect(set.json).toEqual({
      contestId: contest.id,
      table: POOL,
      totals: [{ amount: '1750', currency: 'USDT' }],
      summary: 'Prize pool: 1,750 USDT, top 3',
    });
    const read = await member.get(path);
    expect([read.status, read.json.summary]).toEqual([200, 'Prize pool: 1,750 USDT, top 3']);
    const detail = await member.get(`/api/contests/${contest.id}`);
    expect(detail.json.prizeSummary).toBe('Prize pool: 1,750 USDT, top 3');
    const cleared = await organiser.request('PUT', path, { table: null });
    expect([cleared.status, cleared.json.table, cleared.json.summary]).toEqual([200, null, null]);
  });

  it('answers 400 with the field, 403 not_organiser, 401, 404 and 409 contest_completed', async () => {
    const contest = await insertContest(s.db, { createdBy: creator.id });
    const path = `/api/contests/${contest.id}/prizes`;
    const overlap = await organiser.request('PUT', path, {
      kind: 'fixed',
      rows: [
        { from: 1, to: 3, amount: '100', currency: 'USD' },
        { from: 2, to: 2, amount: '50', currency: 'USD' },
      ],
    });
    expect([overlap.status, overlap.json.message]).toEqual([400, PRIZE_MESSAGES.overlap]);
    const over = await organiser.request('PUT', path, {
      ...POOL,
      rows: [{ from: 1, to: 3, percent: '40', currency: 'USDT' }],
    });
    expect([over.status, over.json.message]).toEqual([400, PRIZE_MESSAGES.percentTotal]);
    const refused = await member.request('PUT', path, POOL);
    expect([refused.status, refused.json.reason]).toEqual([403, 'not_organiser']);
    expect((await anonymous.request('PUT', path, POOL)).status).toBe(401);
    expect((await organiser.request('PUT', '/api/contests/999999/prizes', POOL)).status).toBe(404);
    const completed = await insertContest(s.db, { createdBy: creator.id, status: 'completed' });
    const late = await organiser.request('PUT', `/api/contests/${completed.id}/prizes`, POOL);
    expect([late.status, late.json.reason, late.json.message]).toEqual([
      409,
      'contest_completed',
      PRIZE_MESSAGES.completed,
    ]);
  });
});

describe('GET /api/contests/{id}/prizes', () => {
  it('answers members who may see the contest; 401 signed out, 404 hidden', async () => {
    const contest = await insertContest(s.db, { createdBy: creator.id });
    const empty = await member.get(`/api/contests/${contest.id}/prizes`);
    expect([empty.status, empty.json]).toEqual([
      200,
      { contestId: contest.id, table: null, totals: [], summary: null },
    ]);
    expect((await anonymous.get(`/api/contests/${contest.id}/prizes`)).status).toBe(401);
    const hidden = await insertContest(s.db, { createdBy: creator.id, status: 'pending' });
    expect((await member.get(`/api/contests/${hidden.id}/prizes`)).status).toBe(404);
    expect((await organiser.get(`/api/contests/${hidden.id}/prizes`)).status).toBe(200);
  });
});
