// Trading statements over real HTTP (issue 34): the ownership code, the multipart upload answering
// 201 with the statement (400 bad_statement with the parser's message, 403 not_participant, 401
// signed out), the lists, one statement with its trades paged, and the organiser's review.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeParsePool } from '../../src/server/domain/trading';
import { clientFor } from '../helpers/accounts';
import { createUser } from '../helpers/db';
import type { TStatementView } from '../../src/shared/schemas/trading';
import type { TStatementDetail } from '../../src/shared/schemas/tradingStatements';
import { HttpClient, startTestServer, type TestServer } from '../helpers/server';
import { mt5Report } from '../helpers/tradingFixtures';
import { csvStatement, trader, tradingContest } from '../helpers/tradingContest';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await closeParsePool();
  await s?.stop();
});

function form(bytes: Buffer | Uint8Array, name: string): FormData {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)]), name);
  return body;
}

describe('statements over REST', () => {
  it('uploads, lists, reads paged and reviews; refuses as the domain does', async () => {
    const { contest, organiser } = await tradingContest(s);
    const me = await trader(s, contest.id);
    const client = await clientFor(s, me.user.id);
    const boss = await clientFor(s, organiser.id);
    const base = `/api/contests/${contest.id}`;

    const code = await client.get(`${base}/ownership-code`);
    expect(code.status).toBe(200);
    const file = csvStatement({ comment: String(code.json.code) });
    const up = await client.request('POST', `${base}/statements`, form(file.bytes, file.name));
    expect(up.status).toBe(201);
    expect(up.json).toMatchObject({
      format: 'csv',
      ownership: 'proven',
      status: 'counted',
      account: { number: '12345678', server: 'Broker-Demo', currency: 'USD' },
      figures: { trades: 1, countedTrades: 1 },
    });
    expect(typeof up.json.createdAt).toBe('string');

    const mt5 = await client.request(
      'POST',
      `${base}/statements`,
      form(mt5Report(), 'report.html'),
    );
    expect([mt5.status, (mt5.json as TStatementView).figures.netProfit]).toEqual([201, '-50.84']);

    const bad = await client.request(
      'POST',
      `${base}/statements`,
      form(Buffer.from('<html><body>nothing</body></html>'), 'x.html'),
    );
    expect([bad.status, bad.json.reason]).toEqual([400, 'bad_statement']);
    expect(bad.json.message).toContain('MetaTrader 5');

    const outsider = new HttpClient(s.url);
    expect(
      (await outsider.request('POST', `${base}/statements`, form(file.bytes, 'a.csv'))).status,
    ).toBe(401);

    const list = await client.get(`${base}/statements?mine=true`);
    expect(list.status).toBe(200);
    expect((list.json as unknown as TStatementView[]).map((r) => r.id)).toEqual([
      mt5.json.id,
      up.json.id,
    ]);

    const one = await client.get(`/api/statements/${mt5.json.id}?page=3&pageSize=200`);
    expect(one.status).toBe(200);
    const { trades } = one.json as unknown as TStatementDetail;
    expect([trades.total, trades.items.length]).toEqual([658, 200]);

    const review = await boss.request('PATCH', `/api/statements/${mt5.json.id}`, {
      status: 'disqualified',
      reason: 'Edited',
    });
    expect([review.status, review.json.status, review.json.reason]).toEqual([
      200,
      'disqualified',
      'Edited',
    ]);
    const refused = await client.request('PATCH', `/api/statements/${mt5.json.id}`, {
      status: 'approved',
    });
    expect([refused.status, refused.json.reason]).toEqual([403, 'not_organiser']);
  });

  it('403 not_participant for a member who did not join', async () => {
    const { contest } = await tradingContest(s);
    const member = await clientFor(s, (await createUser(s.db)).id);
    const file = csvStatement();
    const refused = await member.request(
      'POST',
      `/api/contests/${contest.id}/statements`,
      form(file.bytes, file.name),
    );
    expect([refused.status, refused.json.reason]).toEqual([403, 'not_participant']);
    expect((await member.get(`/api/contests/${contest.id}/ownership-code`)).status).toBe(403);
  });
});
