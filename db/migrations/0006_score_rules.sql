CREATE TABLE `score_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contest_id` integer NOT NULL,
	`user_id` integer,
	`username` text NOT NULL,
	`old_score` integer,
	`new_score` integer NOT NULL,
	`changed_by` integer,
	`changed_by_name` text NOT NULL,
	`source` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`changed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "score_history_source_valid" CHECK("source" IN ('form', 'csv', 'rest'))
);
--> statement-breakpoint
CREATE INDEX `score_history_contest` ON `score_history` (`contest_id`,`id`);--> statement-breakpoint
CREATE INDEX `score_history_user` ON `score_history` (`user_id`);--> statement-breakpoint
CREATE INDEX `score_history_changed_by` ON `score_history` (`changed_by`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_contest_participants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contest_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`score` integer,
	`rank` integer,
	`joined_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_contest_participants`("id", "contest_id", "user_id", "score", "rank", "joined_at") SELECT "id", "contest_id", "user_id", "score", "rank", "joined_at" FROM `contest_participants`;--> statement-breakpoint
DROP TABLE `contest_participants`;--> statement-breakpoint
ALTER TABLE `__new_contest_participants` RENAME TO `contest_participants`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `contest_participants_unique` ON `contest_participants` (`contest_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `contest_participants_rank` ON `contest_participants` (`contest_id`,`rank`);--> statement-breakpoint
CREATE INDEX `contest_participants_user` ON `contest_participants` (`user_id`);--> statement-breakpoint
CREATE INDEX `contest_participants_score` ON `contest_participants` (`contest_id`,`score`);--> statement-breakpoint
ALTER TABLE `contests` ADD `score_decimals` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `contests` ADD `score_order` text DEFAULT 'higher' NOT NULL;--> statement-breakpoint
-- custom:
-- A contest in which every participant still has the initial 0 has no scores yet: its members
-- are unscored and unranked (they read '-', not 'rank 1'). Elsewhere a 0 may have been entered.
UPDATE `contest_participants` SET `score` = NULL, `rank` = NULL WHERE `contest_id` IN (SELECT `contest_id` FROM `contest_participants` GROUP BY `contest_id` HAVING min(`score`) = 0 AND max(`score`) = 0);--> statement-breakpoint
-- Scores are stored exactly as integers of 1/10,000 (up to 4 decimals).
UPDATE `contest_participants` SET `score` = `score` * 10000 WHERE `score` IS NOT NULL;
