// The benchmark's database: USERS members (member0..) and an admin (benchadmin, password
// benchpass123), CONTESTS contests spread over statuses, categories and a year of dates.
import type Database from 'better-sqlite3';
import { openDatabase, closeDatabase, sqliteConnection } from '../src/server/platform/db/client';
import { createPasswordHasher } from '../src/server/domain/accounts/passwords';

export const USERS = Number(process.env.BENCH_USERS ?? 10_000);
export const CONTESTS = Number(process.env.BENCH_CONTESTS ?? 10_000);

export async function seed(file: string): Promise<void> {
  const db = await openDatabase(file);
  const hash = await createPasswordHasher().hash('benchpass123');
  const sqlite = sqliteConnection(db);
  const insert = sqlite.prepare(
    'INSERT INTO users (username, email, password, role, subscription_tier) VALUES (?, ?, ?, ?, ?)',
  );
  const tiers = ['free', 'standard', 'pro', 'elite'];
  sqlite.transaction(() => {
    insert.run('benchadmin', 'benchadmin@example.com', hash, 'admin', null);
    for (let i = 0; i < USERS; i++) {
      insert.run(`member${i}`, `member${i}@example.com`, hash, 'user', tiers[i % 4]);
    }
  })();
  seedContests(sqlite);
  await closeDatabase(db);
}

const CATEGORIES = ['forex', 'gaming', 'academic', 'sports', 'art', 'other'];
const STATUSES = ['active', 'active', 'completed', 'pending', 'draft', 'rejected'];

/** Contests spread over statuses, categories and a year of dates, created by the members: scored
 * leaderboards (format `open`), as the reads measured here are. */
function seedContests(db: Database.Database): void {
  const insert = db.prepare(
    `INSERT INTO contests (slug, title, short_description, description, type, category,
       max_participants, registration_deadline, start_date, end_date, participation_type,
       required_tier, created_by, status, draft, featured, published_at, format)
     VALUES (@slug, @title, @short, @description, @category, @category, 100, @deadline, @start,
       @end, 'free', @tier, @createdBy, @status, @draft, @featured, @published, 'open')`,
  );
  const tiers = ['free', 'standard', 'pro', 'elite'];
  const day = 24 * 3600 * 1000;
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < CONTESTS; i++) {
      const start = now + ((i % 365) - 180) * day;
      const status = STATUSES[i % STATUSES.length]!;
      insert.run({
        slug: `bench-contest-${i}`,
        title: `Bench contest ${i}`,
        short: 'A contest seeded for the benchmark, with a short description.',
        description: 'A longer description of the benchmark contest, in markdown. '.repeat(5),
        category: CATEGORIES[i % CATEGORIES.length],
        deadline: start - day,
        start,
        end: start + 7 * day,
        tier: tiers[i % 4],
        createdBy: 2 + (i % USERS),
        status,
        draft: status === 'draft' ? 1 : 0,
        featured: i % 50 === 0 ? 1 : 0,
        published: status === 'active' || status === 'completed' ? start - 2 * day : null,
      });
    }
  })();
}
