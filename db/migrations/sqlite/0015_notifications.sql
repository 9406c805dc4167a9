CREATE TABLE `notification_preferences` (
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`email` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notification_preferences_kind_valid" CHECK("kind" IN ('contest_approved', 'contest_rejected', 'payment_verified', 'payment_rejected', 'contest_joined', 'contest_starting', 'contest_results', 'score_changed', 'match_ready', 'match_result_reported', 'match_result_disputed'))
);
--> statement-breakpoint
CREATE TABLE `notifications` (
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
	CONSTRAINT "notifications_kind_valid" CHECK("kind" IN ('contest_approved', 'contest_rejected', 'payment_verified', 'payment_rejected', 'contest_joined', 'contest_starting', 'contest_results', 'score_changed', 'match_ready', 'match_result_reported', 'match_result_disputed'))
);
--> statement-breakpoint
CREATE INDEX `notifications_user` ON `notifications` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_user_unread` ON `notifications` (`user_id`,`read_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_dedupe` ON `notifications` (`user_id`,`dedupe_key`);