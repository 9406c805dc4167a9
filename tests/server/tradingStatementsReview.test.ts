// Reading and reviewing statements (issue 34): the lists (a trader their entrant's, the organiser
// all), one statement's parsed trades paged with why each is not counted, a row another member
// may not read (404), and the organiser's approve / reject / disqualify: audited, the trader
// told, only the latest statement, organisers only.
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { closeParsePool } from '../../src/server/domain/trading';
import { auditLog, notifications } from '../../src/server/platform/db/schema';
import { callerFor, createTestDb } from '../helpers/db';
import { refusal } from '../helpers/errors';
import { mt5Report } from '../helpers/tradingFixtures';
import { csvStatement, trader, tradingContest, uploadStatement } from '../helpers/tradingContest';

const t = await createTestDb();
afterAll(async () => {
  await closeParsePool();
  await t.close();
});

describe('reading statements', () => {
  it('lists a trader their own, the organiser all; pages the trades; hides others (404)', async () => {
    const { contest, organiser } = await tradingContest(t);
    const a = await trader(t, contest.id);
    const b = await trader(t, contest.id);
    const report = { bytes: mt5Report(), name: 'report.html' };
    const first = await uploadStatement(t, a.user, contest.id, report);
    const second = await uploadStatement(t, a.user, contest.id, report);
    const theirs = await uploadStatement(t, b.user, contest.id, csvStatement());
    const mine = await a.caller.trading.statements({ contestId: contest.id });
    expect(mine.items.map((s) => [s.id, s.latest])).toEqual([
      [second, true],
      [first, false],
    ]);
    expect(mine.total).toBe(2);
    const boss = callerFor(t, organiser).caller;
    const all = await boss.trading.statements({ contestId: contest.id, pageSize: 2 });
    expect([all.total, all.items.map((s) => s.id)]).toEqual([3, [theirs, second]]);
    // An organiser who trades in none of it has no entrant's list of their own.
    expect(
      await refusal(boss.trading.statements({ contestId: contest.id, mine: true })),
    ).toMatchObject({ code: 'FORBIDDEN', reason: 'not_participant' });

    const page = await a.caller.trading.statement({ statementId: second, page: 2, pageSize: 200 });
    expect(page.statement.id).toBe(second);
    expect([page.trades.total, page.trades.items.length, page.trades.page]).toEqual([658, 200, 2]);
    expect(page.trades.items[0]).toMatchObject({ counted: true, excluded: null, message: null });

    expect(await refusal(b.caller.trading.statement({ statementId: second }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    // b's list holds b's own only.
    const bs = await b.caller.trading.statements({ contestId: contest.id });
    expect(bs.items.map((s) => s.id)).toEqual([theirs]);
  });

  it('marks each trade counted or with the reason it is not', async () => {
    const { contest } = await tradingContest(t, { symbols: ['GBPUSD'] });
    const me = await trader(t, contest.id);
    const id = await uploadStatement(t, me.user, contest.id, csvStatement());
    const page = await me.caller.trading.statement({ statementId: id });
    expect(page.trades.items).toHaveLength(1);
    expect(page.trades.items[0]).toMatchObject({
      ticket: '1002',
      counted: false,
      excluded: 'symbol',
    });
    expect(page.statement.excluded).toMatchObject([
      { reason: 'symbol', count: 1, tickets: ['1002'] },
    ]);
  });
});

describe('reviewing a statement', () => {
  it('approves, rejects and disqualifies: audited, the trader told; the latest only', async () => {
    const { contest, organiser } = await tradingContest(t);
    const me = await trader(t, contest.id);
    const boss = callerFor(t, organiser).caller;
    const old = await uploadStatement(t, me.user, contest.id, csvStatement());
    const id = await uploadStatement(t, me.user, contest.id, csvStatement());
    expect(
      await refusal(boss.trading.reviewStatement({ statementId: old, status: 'approved' })),
    ).toMatchObject({ code: 'CONFLICT', reason: 'not_latest' });
    expect(
      await refusal(me.caller.trading.reviewStatement({ statementId: id, status: 'approved' })),
    ).toMatchObject({ code: 'FORBIDDEN', reason: 'not_organiser' });
    expect(
      await refusal(boss.trading.reviewStatement({ statementId: id, status: 'rejected' })),
    ).toMatchObject({ code: 'BAD_REQUEST', message: 'Say why: the trader reads the reason' });

    const approved = await boss.trading.reviewStatement({ statementId: id, status: 'approved' });
    expect([approved.status, approved.reason]).toEqual(['approved', null]);
    const rejected = await boss.trading.reviewStatement({
      statementId: id,
      status: 'rejected',
      reason: 'Not your account',
    });
    expect([rejected.status, rejected.reason]).toEqual(['rejected', 'Not your account']);
    const dq = await boss.trading.reviewStatement({
      statementId: id,
      status: 'disqualified',
      reason: 'Edited statement',
    });
    expect(dq.status).toBe('disqualified');

    const audits = await t.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'statement.review'), eq(auditLog.targetId, String(id))));
    expect(audits.map((a) => JSON.parse(a.after!).status)).toEqual([
      'approved',
      'rejected',
      'disqualified',
    ]);
    expect(JSON.parse(audits[0]!.before!)).toEqual({ status: 'pending', reason: null });
    const told = await t.db
      .select({ kind: notifications.kind, title: notifications.title, body: notifications.body })
      .from(notifications)
      .where(eq(notifications.userId, me.user.id));
    expect(told.map((n) => n.kind)).toEqual([
      'statement_reviewed',
      'statement_reviewed',
      'statement_reviewed',
    ]);
    expect(told[1]!.body).toContain('Not your account');
  });
});

describe('a disqualification', () => {
  it('stays with the trader: a new upload is disqualified too, with the reason, until approved', async () => {
    const { contest, organiser } = await tradingContest(t);
    const me = await trader(t, contest.id, 'CP-FFFFFF');
    const first = await uploadStatement(
      t,
      me.user,
      contest.id,
      csvStatement({ comment: 'CP-FFFFFF' }),
    );
    const boss = callerFor(t, organiser).caller;
    await boss.trading.reviewStatement({
      statementId: first,
      status: 'disqualified',
      reason: 'Two accounts traded as one',
    });
    const again = await uploadStatement(
      t,
      me.user,
      contest.id,
      csvStatement({ comment: 'CP-FFFFFF' }),
    );
    const [latest] = (await me.caller.trading.statements({ contestId: contest.id })).items;
    expect([latest!.id, latest!.status, latest!.reason]).toEqual([
      again,
      'disqualified',
      'Two accounts traded as one',
    ]);
    const board = await boss.trading.board({ contestId: contest.id });
    expect(board.rows.map((r) => [r.statementId, r.disqualified, r.rank])).toEqual([
      [again, true, null],
    ]);
    const approved = await boss.trading.reviewStatement({ statementId: again, status: 'approved' });
    expect(approved.status).toBe('approved');
  });
});

describe('confirmed results', () => {
  it('close uploads and reviews (409 uploads_closed): the places are the results', async () => {
    const { contest, organiser } = await tradingContest(t);
    const me = await trader(t, contest.id, 'CP-GGGGGG');
    const id = await uploadStatement(
      t,
      me.user,
      contest.id,
      csvStatement({ comment: 'CP-GGGGGG' }),
    );
    const boss = callerFor(t, organiser).caller;
    await boss.results.confirm({ contestId: contest.id });
    expect(
      await refusal(
        boss.trading.reviewStatement({ statementId: id, status: 'disqualified', reason: 'Late' }),
      ),
    ).toMatchObject({ code: 'CONFLICT', reason: 'uploads_closed' });
    await expect(
      uploadStatement(t, me.user, contest.id, csvStatement({ comment: 'CP-GGGGGG' })),
    ).rejects.toMatchObject({ code: 'CONFLICT', reason: 'uploads_closed' });
  });
});
