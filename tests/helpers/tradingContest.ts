// A trading contest for the statement tests (issue 34): an Open contest whose window holds both
// real fixtures (the MT5 report of June 2023, the MT4 statement of March 2024), its rules set by
// its organiser, traders joined; CSV statements built from the documented template.
import { contestParticipants, tradingOwnershipCodes } from '../../src/server/platform/db/schema';
import { uploadStatement, setRulesFor } from './tradingUpload';
import { insertContest } from './contests';
import { callerFor, createUser, type CreatedUser, type TestDb } from './db';
import { CSV_TEMPLATE } from '../../src/server/domain/trading/statements';
import type { TradingRulesInput } from '../../src/shared/trading/rules';

export { uploadStatement, setRulesFor };

export const actorOf = (u: CreatedUser) => ({ id: u.id, username: u.username, role: u.role });

export async function tradingContest(t: TestDb, rules: TradingRulesInput = {}) {
  const organiser = await createUser(t.db);
  const contest = await insertContest(t.db, {
    createdBy: organiser.id,
    format: 'open',
    status: 'active',
    startDate: new Date('2023-06-01T00:00:00Z'),
    registrationDeadline: new Date('2023-06-01T00:00:00Z'),
    endDate: new Date('2024-12-31T23:59:59Z'),
  });
  await setRulesFor(t, organiser, contest.id, rules);
  return { contest, organiser };
}

export async function trader(t: TestDb, contestId: number, code?: string) {
  const user = await createUser(t.db);
  const [row] = await t.db
    .insert(contestParticipants)
    .values({ contestId, userId: user.id })
    .returning({ id: contestParticipants.id });
  const id = row!.id;
  if (code) {
    await t.db.insert(tradingOwnershipCodes).values({ participantId: id, contestId, code });
  }
  return { user, participantId: id, caller: callerFor(t, user).caller };
}

/** The template CSV with its comment (the ownership code's place) and account as given. */
export function csvStatement(
  opts: { comment?: string; account?: string; profit?: string; currency?: string } = {},
) {
  const text = CSV_TEMPLATE.replace('CP-7F3K9Q', opts.comment ?? '')
    .replace('# account: 12345678', `# account: ${opts.account ?? '12345678'}`)
    .replace('# currency: USD', `# currency: ${opts.currency ?? 'USD'}`)
    .replace(',21.80,', `,${opts.profit ?? '21.80'},`);
  return { bytes: Buffer.from(text, 'utf8'), name: 'trades.csv' };
}
