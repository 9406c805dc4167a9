CREATE TABLE `team_members` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`team_id` integer NOT NULL,
	`contest_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`state` text NOT NULL,
	`invited_by` integer,
	`invited_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`joined_at` integer,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "team_members_state_valid" CHECK("state" IN ('invited', 'member'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `team_members_team_user` ON `team_members` (`team_id`,`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `team_members_one_team` ON `team_members` (`contest_id`,`user_id`) WHERE "state" = 'member';--> statement-breakpoint
CREATE INDEX `team_members_contest_user` ON `team_members` (`contest_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `team_members_user` ON `team_members` (`user_id`,`state`);--> statement-breakpoint
CREATE INDEX `team_members_invited_by` ON `team_members` (`invited_by`);--> statement-breakpoint
CREATE TABLE `teams` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contest_id` integer NOT NULL,
	`name` text NOT NULL,
	`captain_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`captain_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `teams_contest_name` ON `teams` (`contest_id`,"name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `teams_captain` ON `teams` (`captain_id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_notification_preferences` (
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`email` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notification_preferences_kind_valid" CHECK("kind" IN ('contest_approved', 'contest_rejected', 'payment_verified', 'payment_rejected', 'contest_joined', 'contest_starting', 'contest_results', 'score_changed', 'match_ready', 'match_result_reported', 'match_result_disputed', 'checkin_open', 'checkin_missed', 'team_invite'))
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
	CONSTRAINT "notifications_kind_valid" CHECK("kind" IN ('contest_approved', 'contest_rejected', 'payment_verified', 'payment_rejected', 'contest_joined', 'contest_starting', 'contest_results', 'score_changed', 'match_ready', 'match_result_reported', 'match_result_disputed', 'checkin_open', 'checkin_missed', 'team_invite'))
);
--> statement-breakpoint
INSERT INTO `__new_notifications`("id", "user_id", "kind", "title", "body", "link", "dedupe_key", "created_at", "read_at") SELECT "id", "user_id", "kind", "title", "body", "link", "dedupe_key", "created_at", "read_at" FROM `notifications`;--> statement-breakpoint
DROP TABLE `notifications`;--> statement-breakpoint
ALTER TABLE `__new_notifications` RENAME TO `notifications`;--> statement-breakpoint
CREATE INDEX `notifications_user` ON `notifications` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_user_unread` ON `notifications` (`user_id`,`read_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_dedupe` ON `notifications` (`user_id`,`dedupe_key`);--> statement-breakpoint
-- custom: drizzle-kit leaves the ON DELETE of an added column's reference out; the schema's is SET NULL.
ALTER TABLE `contest_participants` ADD `team_id` integer REFERENCES teams(id) ON DELETE set null;--> statement-breakpoint
CREATE UNIQUE INDEX `contest_participants_team` ON `contest_participants` (`team_id`);