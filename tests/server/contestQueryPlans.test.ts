// The members' lists stay fast at 10,000 contests because each tab's query reads an index, and
// the default tabs read it in page order (a page stops after its rows). Checked on SQLite's own
// query plans, so no timing is involved: a change that loses an index fails here.
import { afterAll, describe, expect, it } from 'vitest';
import {
  getContest,
  listContests,
  listDrafts,
} from '../../src/server/domain/contests/contestReads';
import { CONTEST_TABS, type ContestTab } from '../../src/shared/contests';
import { insertContest } from '../helpers/contests';
import { createTestDb, createUser } from '../helpers/db';
import { planOf as planOn, preparedBy as preparedByOn, sqliteOf } from '../helpers/sqlitePlans';

const t = await createTestDb();
afterAll(() => t.close());
const viewer = await createUser(t.db);
// The connection reads are prepared on (the read-only one): this suite is about SQLite's plans.
const sqlite = sqliteOf(t.db);
for (let i = 0; i < 300; i += 1) {
  await insertContest(t.db, {
    createdBy: viewer.id,
    status: (['active', 'completed', 'pending', 'draft'] as const)[i % 4],
  });
}

const preparedBy = (run: () => Promise<unknown>) => preparedByOn(sqlite, run);
const planOf = (source: string) => planOn(sqlite, source);

const me = { id: viewer.id, role: 'user' as const };

// Statements are prepared once per database: the first call of each kind prepares it. The reads
// of one contest and of the drafts are prepared with the first list.
const reads = await preparedBy(() => getContest({ db: t.db, viewer: me, idOrSlug: 1 }));
const byTab = new Map<ContestTab, string[]>();
for (const tab of CONTEST_TABS) {
  byTab.set(
    tab,
    await preparedBy(async () => {
      await listContests({ db: t.db, viewer: me, tab, page: 2, pageSize: 12 });
      await listContests({ db: t.db, viewer: me, tab, category: 'art', page: 1, pageSize: 12 });
      await listContests({ db: t.db, viewer: me, tab, tier: 'pro', page: 1, pageSize: 12 });
    }),
  );
}
await listDrafts({ db: t.db, viewer: me });

describe('query plans of the contest reads', () => {
  it.each(CONTEST_TABS)(
    "the '%s' tab and its filters read indexes, never the whole table",
    (tab) => {
      const sources = byTab.get(tab)!;
      // Rows and count, for each of the three filter combinations.
      expect(sources).toHaveLength(6);
      for (const source of sources) expect(planOf(source)).not.toMatch(/SCAN contests(?! USING)/);
    },
  );

  const ORDERED: ContestTab[] = ['all', 'featured', 'active', 'upcoming', 'past', 'drafts'];
  it.each(ORDERED)("the '%s' tab pages in index order, with no sort of the whole", (tab) => {
    const [rows] = byTab.get(tab)!;
    expect(rows).toMatch(/order by/);
    // Sorting only rows with equal dates by id ('FOR LAST TERM') still streams in pages.
    expect(planOf(rows!), planOf(rows!)).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
  });

  it('a contest by id or by slug, and the drafts, are index look-ups', () => {
    // byId and bySlug in each shape of the visibility rule (anonymous, member, reviewer), and
    // the drafts.
    expect(reads).toHaveLength(7);
    for (const source of reads) {
      expect(planOf(source)).toMatch(/SEARCH contests USING (INTEGER PRIMARY KEY|INDEX)/);
      expect(planOf(source)).not.toMatch(/TEMP B-TREE/);
    }
  });
});
