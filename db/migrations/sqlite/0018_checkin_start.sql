PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_notification_preferences` (
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`email` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notification_preferences_kind_valid" CHECK("kind" IN ('contest_approved', 'contest_rejected', 'payment_verified', 'payment_rejected', 'contest_joined', 'contest_starting', 'contest_results', 'score_changed', 'match_ready', 'match_result_reported', 'match_result_disputed', 'checkin_open', 'checkin_missed'))
);
--> statement-breakpoint
INSERT INTO `__new_notification_preferences`("user_id", "kind", "email") SELECT "user_id", "kind", "email" FROM `notification_preferences`;--> statement-breakpoint
DROP TABLE `notification_preferences`;--> statement-breakpoint
ALTER TABLE `__new_notification_preferences` RENAME TO `notification_preferences`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE TABLE `__new_notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`link` text,
	`dedupe_key` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`read_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notifications_kind_valid" CHECK("kind" IN ('contest_approved', 'contest_rejected', 'payment_verified', 'payment_rejected', 'contest_joined', 'contest_starting', 'contest_results', 'score_changed', 'match_ready', 'match_result_reported', 'match_result_disputed', 'checkin_open', 'checkin_missed'))
);
--> statement-breakpoint
INSERT INTO `__new_notifications`("id", "user_id", "kind", "title", "body", "link", "dedupe_key", "created_at", "read_at") SELECT "id", "user_id", "kind", "title", "body", "link", "dedupe_key", "created_at", "read_at" FROM `notifications`;--> statement-breakpoint
DROP TABLE `notifications`;--> statement-breakpoint
ALTER TABLE `__new_notifications` RENAME TO `notifications`;--> statement-breakpoint
CREATE INDEX `notifications_user` ON `notifications` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_user_unread` ON `notifications` (`user_id`,`read_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_dedupe` ON `notifications` (`user_id`,`dedupe_key`);--> statement-breakpoint
ALTER TABLE `contests` ADD `start_handled_at` integer;--> statement-breakpoint
-- custom: contests made before formats were real (every one was 'league' by default, with a
-- scored leaderboard) do not have a bracket generated at their start unless their organiser turns
-- it on; the settings' default (autoGenerate) is for contests set up from now on.
UPDATE `contests` SET `tournament` = '{"autoGenerate":false}' WHERE `tournament` IS NULL;--> statement-breakpoint
-- custom: a contest that started before this release has had its start: the start round (one
-- transaction per contest) does not walk through all of them at the first start after the upgrade.
UPDATE `contests` SET `start_handled_at` = CAST(unixepoch('subsec') * 1000 AS INTEGER) WHERE `start_date` IS NOT NULL AND `start_date` <= CAST(unixepoch('subsec') * 1000 AS INTEGER);
