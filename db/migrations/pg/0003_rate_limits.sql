-- custom: written by hand. The abuse limits' counters (sign-in guesses, sign-ups, uploads),
-- shared by every app server: rate-limiter-flexible's RateLimiterPostgres keeps them in this
-- table (its own layout; keys carry each limiter's prefix). Created here rather than by the
-- library so that servers starting together do not race to create it. SQLite keeps limits in
-- the one server's memory and has no such table.
CREATE TABLE IF NOT EXISTS "rate_limits" (
	"key" varchar(255) PRIMARY KEY,
	"points" integer NOT NULL DEFAULT 0,
	"expire" bigint
);
