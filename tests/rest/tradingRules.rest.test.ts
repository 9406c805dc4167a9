// A trading contest's rules over real HTTP (issue 34): PUT /api/contests/{id}/trading-rules makes
// an Open contest a trading contest (scoring 'trading') with the rules as the shared schema reads
// them and each in words, versioned and audited; GET answers whoever may see the contest. Refusals:
// 400 under the field, 403 not_organiser, 409 not_open_format, 401 signed out, 404 hidden.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../src/server/platform/db/schema';
import { TRADING_RULE_REFUSALS, type TTradingRulesView } from '../../src/shared/schemas/trading';
import { TIE_BREAK_TEXT, TRADING_MESSAGES } from '../../src/shared/trading/rules';
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
let moderator: Client;
let anonymous: Client;
beforeAll(async () => {
  s = await startTestServer();
  creator = await createUser(s.db);
  organiser = await clientFor(s, creator.id);
  member = await clientFor(s, (await createUser(s.db)).id);
  moderator = await clientFor(s, (await createUser(s.db, { role: 'moderator' })).id);
  anonymous = new HttpClient(s.url);
});
afterAll(() => s?.stop());

const RULES = {
  metric: 'return_over_drawdown',
  maxDrawdownPct: 10,
  minTrades: 5,
  symbols: ['eurusd', 'GBPUSD', 'EURUSD'],
  deposits: 'disqualify',
};

const openContest = (status: 'active' | 'pending' = 'active') =>
  insertContest(s.db, {
    createdBy: creator.id,
    format: 'open',
    status,
    startDate: new Date('2026-12-01T00:00:00Z'),
    endDate: new Date('2026-12-31T23:59:00Z'),
  });

describe('PUT /api/contests/{id}/trading-rules', () => {
  it('makes an Open contest a trading contest, the rules read by the shared schema, audited', async () => {
    const contest = await openContest();
    const path = `/api/contests/${contest.id}/trading-rules`;
    const before = await member.get(path);
    expect([before.status, before.json]).toEqual([
      200,
      { contestId: contest.id, scoring: 'manual', rules: null, texts: [], version: null },
    ]);
    const set = await organiser.request('PUT', path, RULES);
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({
      contestId: contest.id,
      scoring: 'trading',
      rules: { ...RULES, symbols: ['EURUSD', 'GBPUSD'] },
      version: 1,
    });
    expect(set.json.texts).toEqual(
      expect.arrayContaining([
        'Ranked by return % divided by maximum drawdown %',
        'Only EURUSD, GBPUSD',
        'Disqualified above 10 % maximum drawdown (peak to valley of the balance)',
        'Disqualified with fewer than 5 counted trades',
        'A deposit or withdrawal after the first trade disqualifies',
        TIE_BREAK_TEXT,
      ]),
    );
    expect((set.json as TTradingRulesView).texts[1]).toMatch(
      /^Trades from 1 December 2026 00:00 UTC to /,
    );
    // Members read the same; a second change counts a new version and keeps the defaults.
    expect((await member.get(path)).json).toEqual(set.json);
    const again = await moderator.request('PUT', path, { maxDailyLossPct: 4.5 });
    expect(again.json).toMatchObject({
      version: 2,
      rules: { metric: 'return_pct', maxDailyLossPct: 4.5, deposits: 'neutralise' },
    });
    expect((again.json as TTradingRulesView).rules!.symbols).toBeUndefined();
    const audits = await s.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'contest.trading_rules'),
          eq(auditLog.targetId, String(contest.id)),
        ),
      );
    expect(audits).toHaveLength(2);
    expect(JSON.parse(audits[0]!.after!)).toMatchObject({ rules: { maxDrawdownPct: 10 } });
  });

  it('answers 400 under the field, 403 not_organiser, 409 not_open_format, 401 and 404', async () => {
    const contest = await openContest();
    const path = `/api/contests/${contest.id}/trading-rules`;
    const bad = await organiser.request('PUT', path, { maxDrawdownPct: 150 });
    expect([bad.status, bad.json.message]).toEqual([400, TRADING_MESSAGES.percent]);
    const badSymbol = await organiser.request('PUT', path, { symbols: ['<script>'] });
    expect([badSymbol.status, badSymbol.json.message]).toEqual([400, TRADING_MESSAGES.symbol]);
    const refused = await member.request('PUT', path, RULES);
    expect([refused.status, refused.json.reason, refused.json.message]).toEqual([
      403,
      'not_organiser',
      TRADING_RULE_REFUSALS.notOrganiser,
    ]);
    expect((await anonymous.request('PUT', path, RULES)).status).toBe(401);
    expect(
      (await organiser.request('PUT', '/api/contests/999999/trading-rules', RULES)).status,
    ).toBe(404);
    const league = await insertContest(s.db, { createdBy: creator.id, format: 'league' });
    const wrong = await organiser.request('PUT', `/api/contests/${league.id}/trading-rules`, RULES);
    expect([wrong.status, wrong.json.reason, wrong.json.message]).toEqual([
      409,
      'not_open_format',
      TRADING_RULE_REFUSALS.notOpenFormat,
    ]);
    // Nothing was written by any refusal.
    expect((await member.get(path)).json.scoring).toBe('manual');
  });
});

describe('GET /api/contests/{id}/trading-rules', () => {
  it('answers whoever may see the contest; 401 signed out, 404 hidden', async () => {
    const hidden = await openContest('pending');
    const path = `/api/contests/${hidden.id}/trading-rules`;
    expect((await anonymous.get(path)).status).toBe(401);
    expect((await member.get(path)).status).toBe(404);
    expect((await organiser.get(path)).status).toBe(200);
    // A draft without dates says no window.
    const draft = await insertContest(s.db, {
      createdBy: creator.id,
      format: 'open',
      status: 'draft',
      startDate: null,
      endDate: null,
    });
    const set = await organiser.request('PUT', `/api/contests/${draft.id}/trading-rules`, {});
    expect(set.status).toBe(200);
    const { texts } = set.json as TTradingRulesView;
    expect(texts.some((t) => t.startsWith('Trades from'))).toBe(false);
  });
});
