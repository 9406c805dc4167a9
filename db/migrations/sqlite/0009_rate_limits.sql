-- custom: written by hand. The sign-in lock-out counters (failed guesses at an account and its
-- wait), kept in the database file so that `npm run admin -- unlock USER`, a process of its own,
-- can clear them while the server runs. rate-limiter-flexible's SQLite layout (keys carry each
-- limiter's prefix; `expire` in epoch milliseconds), used through RateLimiterDrizzle over the
-- app's handle (platform/limits.ts). Not in schema.sqlite.ts, like PostgreSQL's 0003_rate_limits.
CREATE TABLE IF NOT EXISTS `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	`expire` integer
);
