// A trader's statement upload (issue 34), on the domain: each format parsed and scored under the
// contest's rules (the real MT5 report's figures are its own 'Results' block), the ownership code
// found in a comment or not, an account two entrants share flagged on both, tickets changed
// since the previous upload, another currency; the refusals.
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { closeParsePool, statementView } from '../../src/server/domain/trading';
import { auditLog, tradingStatements } from '../../src/server/platform/db/schema';
import { createTestDb, createUser } from '../helpers/db';
import { insertContest } from '../helpers/contests';
import { localFixture, mt5Report } from '../helpers/tradingFixtures';
import {
  actorOf,
  csvStatement,
  trader,
  tradingContest,
  uploadStatement,
} from '../helpers/tradingContest';

const t = await createTestDb();
afterAll(async () => {
  await closeParsePool();
  await t.close();
});

const viewOf = (userId: ReturnType<typeof actorOf>, id: number) => statementView(t.db, userId, id);

describe('uploading each format', () => {
  it('scores the real MT5 report to its own Results block; no code: not proven, pending', async () => {
    const { contest } = await tradingContest(t);
    const me = await trader(t, contest.id);
    const file = { bytes: mt5Report(), name: 'ReportHistory-70358000.html' };
    const id = await uploadStatement(t, me.user, contest.id, file);
    const view = await viewOf(actorOf(me.user), id);
    expect(view).toMatchObject({
      format: 'mt5_html',
      account: { number: '70358000', server: 'MetaQuotes-Demo', currency: 'EUR' },
      ownership: 'not_proven',
      status: 'pending',
      flags: [],
      latest: true,
      entrantName: me.user.username,
      uploadedBy: me.user.username,
      fileName: 'ReportHistory-70358000.html',
    });
    expect(view.figures).toMatchObject({
      netProfit: '-50.84',
      grossProfit: '157.73',
      grossLoss: '-208.57',
      profitFactor: '0.76',
      trades: 658,
      countedTrades: 658,
      maxDrawdown: '58.44',
    });
    expect(view.excluded).toEqual([]);
    expect(view.covers.from! < view.covers.to!).toBe(true);
    const [row] = await t.db
      .select({ curve: tradingStatements.curve, rulesVersion: tradingStatements.rulesVersion })
      .from(tradingStatements)
      .where(eq(tradingStatements.id, id));
    expect(row!.curve.length).toBeLessThanOrEqual(300);
    expect(row!.rulesVersion).toBe(1);
    const audits = await t.db
      .select({ targetId: auditLog.targetId })
      .from(auditLog)
      .where(eq(auditLog.action, 'statement.upload'));
    expect(audits.map((a) => a.targetId)).toContain(String(id));
  });

  it('proves ownership with the entrant code in a cancelled order (MT4): counted', async () => {
    const { contest } = await tradingContest(t);
    const me = await trader(t, contest.id, 'CP-7F3K9Q');
    const file = { bytes: localFixture('mt4-statement.html'), name: 'statement.htm' };
    const view = await viewOf(
      actorOf(me.user),
      await uploadStatement(t, me.user, contest.id, file),
    );
    expect(view).toMatchObject({
      format: 'mt4_html',
      account: { number: '2090417', server: null, currency: 'USD' },
      ownership: 'proven',
      status: 'counted',
    });
    expect(view.figures.trades).toBe(20);
  });

  it('a CSV with the code in a comment (any case) is proven, one without is not', async () => {
    const { contest } = await tradingContest(t);
    const me = await trader(t, contest.id);
    const { code } = await me.caller.trading.ownershipCode({ contestId: contest.id });
    expect(code).toMatch(/^CP-[34679ACDEFGHJKMNPQRTUVWXY]{6}$/);
    // The same code on every read.
    expect(await me.caller.trading.ownershipCode({ contestId: contest.id })).toEqual({ code });
    const proven = await uploadStatement(
      t,
      me.user,
      contest.id,
      csvStatement({ comment: `order ${code.toLowerCase()}` }),
    );
    expect(await viewOf(actorOf(me.user), proven)).toMatchObject({
      format: 'csv',
      ownership: 'proven',
      status: 'counted',
    });
    const other = await trader(t, contest.id);
    const unproven = await uploadStatement(
      t,
      other.user,
      contest.id,
      csvStatement({ account: '777', comment: code }),
    );
    // Another entrant's code proves nothing.
    expect(await viewOf(actorOf(other.user), unproven)).toMatchObject({
      ownership: 'not_proven',
      status: 'pending',
    });
  });
});

describe('the flags', () => {
  it('flags one account in two entrants statements on both; the counted one waits again', async () => {
    const { contest } = await tradingContest(t);
    const a = await trader(t, contest.id, 'CP-AAAAAA');
    const b = await trader(t, contest.id, 'CP-BBBBBB');
    const first = await uploadStatement(
      t,
      a.user,
      contest.id,
      csvStatement({ comment: 'CP-AAAAAA' }),
    );
    expect((await viewOf(actorOf(a.user), first)).status).toBe('counted');
    const second = await uploadStatement(
      t,
      b.user,
      contest.id,
      csvStatement({ comment: 'CP-BBBBBB' }),
    );
    const mine = await viewOf(actorOf(b.user), second);
    expect(mine.status).toBe('pending');
    expect(mine.flags).toEqual([
      {
        kind: 'duplicate_account',
        message: `The account 12345678 (Broker-Demo) is also in the statement of ${a.user.username}`,
        tickets: [],
      },
    ]);
    const theirs = await viewOf(actorOf(a.user), first);
    expect(theirs.status).toBe('pending');
    expect(theirs.flags[0]!.message).toContain(b.user.username);
  });

  it('flags tickets closed before that changed since the previous upload, saying what changed', async () => {
    const { contest } = await tradingContest(t);
    const me = await trader(t, contest.id, 'CP-CCCCCC');
    await uploadStatement(t, me.user, contest.id, csvStatement({ comment: 'CP-CCCCCC' }));
    const edited = await uploadStatement(
      t,
      me.user,
      contest.id,
      csvStatement({ comment: 'CP-CCCCCC', profit: '121.80' }),
    );
    const view = await viewOf(actorOf(me.user), edited);
    expect(view.status).toBe('pending');
    expect(view.flags).toEqual([
      {
        kind: 'changed_tickets',
        message:
          '1 already-closed ticket changed since the previous upload: ticket 1002: profit 21.80 -> 121.80',
        tickets: ['1002'],
      },
    ]);
  });

  it('flags an account in another currency than the rules', async () => {
    const { contest } = await tradingContest(t, { currency: 'EUR' });
    const me = await trader(t, contest.id, 'CP-DDDDDD');
    const id = await uploadStatement(
      t,
      me.user,
      contest.id,
      csvStatement({ comment: 'CP-DDDDDD' }),
    );
    const view = await viewOf(actorOf(me.user), id);
    expect(view.status).toBe('pending');
    expect(view.flags).toEqual([
      {
        kind: 'currency',
        message: "The account is in USD, the contest's accounts in EUR",
        tickets: [],
      },
    ]);
  });
});

describe('the refusals', () => {
  it('403 not_participant, 409 not_trading_contest, 400 bad_statement with the message', async () => {
    const { contest } = await tradingContest(t);
    const stranger = await createUser(t.db);
    await expect(uploadStatement(t, stranger, contest.id, csvStatement())).rejects.toMatchObject({
      code: 'FORBIDDEN',
      reason: 'not_participant',
    });
    const manual = await insertContest(t.db, { createdBy: stranger.id, format: 'open' });
    await expect(uploadStatement(t, stranger, manual.id, csvStatement())).rejects.toMatchObject({
      code: 'CONFLICT',
      reason: 'not_trading_contest',
    });
    const me = await trader(t, contest.id);
    const bad = { bytes: Buffer.from('hello, world\n'), name: 'notes.txt' };
    await expect(uploadStatement(t, me.user, contest.id, bad)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      reason: 'bad_statement',
      message: expect.stringContaining('This file is not a MetaTrader 5 report'),
    });
    // Nothing was stored by any refusal.
    const rows = await t.db
      .select({ id: tradingStatements.id })
      .from(tradingStatements)
      .where(eq(tradingStatements.contestId, contest.id));
    expect(rows).toEqual([]);
  });
});
