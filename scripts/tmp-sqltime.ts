import Database from 'better-sqlite3';
import { openDatabase, closeDatabase } from '../src/server/platform/db/client';
import { preparedSql } from '../src/server/domain/discussion/topicReads';
const db = await openDatabase('/tmp/perf/seeded.db');
const sqls = preparedSql(db);
await closeDatabase(db);
const s = new Database('/tmp/perf/seeded.db', { readonly: true });
for (const q of sqls) {
  const st = s.prepare(q); const n = (q.match(/\?/g) ?? []).length;
  const params = q.includes('discussion_posts') ? [2, 1, 1, 0, 20, 0] : [1, 2, 1, 20, 0, 0];
  const args = params.slice(0, n);
  const t = performance.now(); for (let i = 0; i < 2000; i++) st.raw(true).all(...args);
  console.log(((performance.now() - t) / 2000 * 1000).toFixed(1), 'us', q.slice(0, 140).replace(/\s+/g, ' '));
}
