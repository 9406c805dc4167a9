CREATE TABLE `demo_rows` (
	`table_name` text NOT NULL,
	`row_id` integer NOT NULL,
	PRIMARY KEY(`table_name`, `row_id`),
	CONSTRAINT "demo_rows_table_valid" CHECK("table_name" IN ('users', 'contests', 'contest_participants', 'education_content'))
);
--> statement-breakpoint
-- custom: written by hand. An install seeded before this table existed records its demo rows
-- here once, recognised by what the seed wrote (src/server/seed): the five demo slugs and the ten
-- demo usernames with their '<username>@demo.example.com' addresses, and the one moment the seed
-- stamped on both (a contest's and a member's created_at are the same millisecond). Each side
-- vouches for the other, so a real contest that happens to carry a demo slug, or a real member a
-- demo name, is not taken for demo data. The seeded leaderboard entries are those joining a
-- recorded contest and member within a minute of the seed; the education items those with a
-- demo slug, no author and no WordPress origin, written within a minute of it. A row that cannot
-- be recognised is simply not recorded: it is kept, never removed.
INSERT INTO `demo_rows` (`table_name`, `row_id`)
SELECT 'contests', c.`id` FROM `contests` c
WHERE c.`slug` IN ('the-dake-contest', 'candle-games', 'forex-sprint', 'strategy-masters', 'elite-championship')
  AND c.`created_at` IN (
    SELECT u.`created_at` FROM `users` u
    WHERE u.`username` IN ('alex_trader', 'maria_fx', 'sam_pips', 'lena_charts', 'omar_scalps', 'jin_swing', 'kate_candles', 'leo_bullish', 'nina_hedge', 'raj_momentum')
      AND lower(u.`email`) = lower(u.`username`) || '@demo.example.com');--> statement-breakpoint
INSERT INTO `demo_rows` (`table_name`, `row_id`)
SELECT 'users', u.`id` FROM `users` u
WHERE u.`username` IN ('alex_trader', 'maria_fx', 'sam_pips', 'lena_charts', 'omar_scalps', 'jin_swing', 'kate_candles', 'leo_bullish', 'nina_hedge', 'raj_momentum')
  AND lower(u.`email`) = lower(u.`username`) || '@demo.example.com'
  AND u.`created_at` IN (
    SELECT c.`created_at` FROM `contests` c
    WHERE c.`id` IN (SELECT `row_id` FROM `demo_rows` WHERE `table_name` = 'contests'));--> statement-breakpoint
INSERT INTO `demo_rows` (`table_name`, `row_id`)
SELECT 'contest_participants', p.`id` FROM `contest_participants` p
JOIN `contests` c ON c.`id` = p.`contest_id`
WHERE c.`id` IN (SELECT `row_id` FROM `demo_rows` WHERE `table_name` = 'contests')
  AND p.`user_id` IN (SELECT `row_id` FROM `demo_rows` WHERE `table_name` = 'users')
  AND abs(p.`joined_at` - c.`created_at`) <= 60000;--> statement-breakpoint
INSERT INTO `demo_rows` (`table_name`, `row_id`)
SELECT 'education_content', e.`id` FROM `education_content` e
WHERE e.`slug` IN ('position-sizing-for-trading-contests', 'how-contest-leaderboards-rank-you', 'pre-contest-checklist', 'reading-candlestick-charts')
  AND e.`author_id` IS NULL AND e.`wp_id` IS NULL AND e.`source` = 'local'
  AND EXISTS (
    SELECT 1 FROM `contests` c
    WHERE c.`id` IN (SELECT `row_id` FROM `demo_rows` WHERE `table_name` = 'contests')
      AND abs(e.`created_at` - c.`created_at`) <= 60000);
