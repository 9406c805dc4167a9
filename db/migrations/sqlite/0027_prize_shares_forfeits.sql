PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_payouts` (
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
	`forfeit_decision` text,
	`passed_from_id` integer,
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
	CONSTRAINT "payouts_forfeit_decision_valid" CHECK("forfeit_decision" IS NULL OR "forfeit_decision" IN ('passed', 'kept')),
	CONSTRAINT "payouts_network_valid" CHECK("network" IS NULL OR "network" IN ('ETH', 'BTC', 'SOL', 'MATIC', 'TRX', 'BNB'))
);
--> statement-breakpoint
INSERT INTO `__new_payouts`("id", "contest_id", "contest_title", "user_id", "username", "team_name", "place", "place_text", "amount", "currency", "status", "method", "network", "tx_hash", "reference", "reason", "forfeit_decision", "passed_from_id", "approved_by", "approved_by_name", "approved_at", "sent_by", "sent_by_name", "sent_at", "confirmed_at", "reminders", "created_at", "updated_at") SELECT "id", "contest_id", "contest_title", "user_id", "username", "team_name", "place", "place_text", "amount", "currency", "status", "method", "network", "tx_hash", "reference", "reason", NULL, NULL, "approved_by", "approved_by_name", "approved_at", "sent_by", "sent_by_name", "sent_at", "confirmed_at", "reminders", "created_at", "updated_at" FROM `payouts`;--> statement-breakpoint
DROP TABLE `payouts`;--> statement-breakpoint
ALTER TABLE `__new_payouts` RENAME TO `payouts`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_tx_hash` ON `payouts` (`tx_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_contest_user_currency` ON `payouts` (`contest_id`,`user_id`,`currency`);--> statement-breakpoint
CREATE INDEX `payouts_status` ON `payouts` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `payouts_user` ON `payouts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payouts_approved_by` ON `payouts` (`approved_by`);--> statement-breakpoint
CREATE INDEX `payouts_sent_by` ON `payouts` (`sent_by`);--> statement-breakpoint
CREATE TABLE `__new_team_members` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`team_id` integer NOT NULL,
	`contest_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`state` text NOT NULL,
	`invited_by` integer,
	`invited_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`joined_at` integer,
	`prize_share` integer,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "team_members_prize_share_range" CHECK("prize_share" IS NULL OR "prize_share" BETWEEN 0 AND 10000),
	CONSTRAINT "team_members_state_valid" CHECK("state" IN ('invited', 'member'))
);
--> statement-breakpoint
INSERT INTO `__new_team_members`("id", "team_id", "contest_id", "user_id", "state", "invited_by", "invited_at", "joined_at", "prize_share") SELECT "id", "team_id", "contest_id", "user_id", "state", "invited_by", "invited_at", "joined_at", NULL FROM `team_members`;--> statement-breakpoint
DROP TABLE `team_members`;--> statement-breakpoint
ALTER TABLE `__new_team_members` RENAME TO `team_members`;--> statement-breakpoint
CREATE UNIQUE INDEX `team_members_team_user` ON `team_members` (`team_id`,`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `team_members_one_team` ON `team_members` (`contest_id`,`user_id`) WHERE "state" = 'member';--> statement-breakpoint
CREATE INDEX `team_members_contest_user` ON `team_members` (`contest_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `team_members_user` ON `team_members` (`user_id`,`state`);--> statement-breakpoint
CREATE INDEX `team_members_invited_by` ON `team_members` (`invited_by`);