// Which engine this process runs on, decided once at start: PostgreSQL when DATABASE_URL is set,
// else SQLite. Read before any table is imported, so every query is built for one engine.
export type Dialect = 'sqlite' | 'pg';

export const dialect: Dialect = process.env.DATABASE_URL ? 'pg' : 'sqlite';
