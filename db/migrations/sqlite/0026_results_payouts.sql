CREATE TABLE `certificates` (
	`code` text PRIMARY KEY NOT NULL,
	`contest_id` integer,
	`contest_title` text NOT NULL,
	`user_id` integer,
	`username` text NOT NULL,
	`team_name` text,
	`place` integer NOT NULL,
	`place_text` text NOT NULL,
	`issued_at` integer NOT NULL,
	`withdrawn_at` integer,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `certificates_contest_user` ON `certificates` (`contest_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `certificates_user` ON `certificates` (`user_id`);--> statement-breakpoint
CREATE TABLE `contest_results` (
	`contest_id` integer PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`standings` text NOT NULL,
	`remainder` text NOT NULL,
	`frozen_at` integer,
	`confirmed_at` integer,
	`confirmed_by` integer,
	`confirmed_by_name` text,
	`reopen_reason` text,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`confirmed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "contest_results_status_valid" CHECK("status" IN ('open', 'frozen', 'confirmed'))
);
--> statement-breakpoint
CREATE INDEX `contest_results_confirmed_by` ON `contest_results` (`confirmed_by`);--> statement-breakpoint
CREATE TABLE `payouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contest_id` integer,
	`contest_title` text NOT NULL,
	`user_id` integer,
	`username` text NOT NULL,
	`team_name` text,
	`place` integer NOT NULL,
	`place_text` text NOT NULL,
	`amount` text NOT NULL,
	`currency` text NOT NULL,
	`status` text DEFAULT 'awaiting_method' NOT NULL,
	`method` text,
	`network` text,
	`tx_hash` text,
	`reference` text,
	`reason` text,
	`approved_by` integer,
	`approved_by_name` text,
	`approved_at` integer,
	`sent_by` integer,
	`sent_by_name` text,
	`sent_at` integer,
	`confirmed_at` integer,
	`reminders` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`approved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`sent_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "payouts_status_valid" CHECK("status" IN ('awaiting_method', 'ready', 'approved', 'sent', 'confirmed', 'failed', 'forfeited')),
	CONSTRAINT "payouts_currency_valid" CHECK("currency" IN ('USD', 'USDT', 'USDC', 'ETH', 'BTC', 'SOL', 'MATIC', 'TRX', 'BNB')),
	CONSTRAINT "payouts_network_valid" CHECK("network" IS NULL OR "network" IN ('ETH', 'BTC', 'SOL', 'MATIC', 'TRX', 'BNB'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_tx_hash` ON `payouts` (`tx_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_contest_user_currency` ON `payouts` (`contest_id`,`user_id`,`currency`);--> statement-breakpoint
CREATE INDEX `payouts_status` ON `payouts` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `payouts_user` ON `payouts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payouts_approved_by` ON `payouts` (`approved_by`);--> statement-breakpoint
CREATE INDEX `payouts_sent_by` ON `payouts` (`sent_by`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_notification_preferences` (
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`email` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notification_preferences_kind_valid" CHECK("kind" IN ('contest_approved', 'contest_rejected', 'payment_verified', 'payment_rejected', 'contest_joined', 'contest_starting', 'contest_results', 'score_changed', 'results_confirmed', 'payout_update', 'match_ready', 'match_result_reported', 'match_result_disputed', 'checkin_open', 'checkin_missed', 'team_invite', 'roster_changed', 'disqualified'))
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
	CONSTRAINT "notifications_kind_valid" CHECK("kind" IN ('contest_approved', 'contest_rejected', 'payment_verified', 'payment_rejected', 'contest_joined', 'contest_starting', 'contest_results', 'score_changed', 'results_confirmed', 'payout_update', 'match_ready', 'match_result_reported', 'match_result_disputed', 'checkin_open', 'checkin_missed', 'team_invite', 'roster_changed', 'disqualified'))
);
--> statement-breakpoint
INSERT INTO `__new_notifications`("id", "user_id", "kind", "title", "body", "link", "dedupe_key", "created_at", "read_at") SELECT "id", "user_id", "kind", "title", "body", "link", "dedupe_key", "created_at", "read_at" FROM `notifications`;--> statement-breakpoint
DROP TABLE `notifications`;--> statement-breakpoint
ALTER TABLE `__new_notifications` RENAME TO `notifications`;--> statement-breakpoint
CREATE INDEX `notifications_user` ON `notifications` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_user_unread` ON `notifications` (`user_id`,`read_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_dedupe` ON `notifications` (`user_id`,`dedupe_key`);