PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_notification_preferences` (
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`email` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notification_preferences_kind_valid" CHECK("kind" IN ('contest_approved', 'contest_rejected', 'payment_verified', 'payment_rejected', 'contest_joined', 'contest_starting', 'contest_results', 'score_changed', 'results_confirmed', 'payout_update', 'submission_scored', 'statement_reviewed', 'discussion_mention', 'discussion_reply', 'discussion_announcement', 'discussion_moderated', 'plan_reminder', 'plan_ended', 'plan_changed', 'match_ready', 'match_result_reported', 'match_result_disputed', 'checkin_open', 'checkin_missed', 'team_invite', 'roster_changed', 'disqualified'))
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
	CONSTRAINT "notifications_kind_valid" CHECK("kind" IN ('contest_approved', 'contest_rejected', 'payment_verified', 'payment_rejected', 'contest_joined', 'contest_starting', 'contest_results', 'score_changed', 'results_confirmed', 'payout_update', 'submission_scored', 'statement_reviewed', 'discussion_mention', 'discussion_reply', 'discussion_announcement', 'discussion_moderated', 'plan_reminder', 'plan_ended', 'plan_changed', 'match_ready', 'match_result_reported', 'match_result_disputed', 'checkin_open', 'checkin_missed', 'team_invite', 'roster_changed', 'disqualified'))
);
--> statement-breakpoint
INSERT INTO `__new_notifications`("id", "user_id", "kind", "title", "body", "link", "dedupe_key", "created_at", "read_at") SELECT "id", "user_id", "kind", "title", "body", "link", "dedupe_key", "created_at", "read_at" FROM `notifications`;--> statement-breakpoint
DROP TABLE `notifications`;--> statement-breakpoint
ALTER TABLE `__new_notifications` RENAME TO `notifications`;--> statement-breakpoint
CREATE INDEX `notifications_user` ON `notifications` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_user_unread` ON `notifications` (`user_id`,`read_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_dedupe` ON `notifications` (`user_id`,`dedupe_key`);