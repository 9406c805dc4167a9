CREATE TABLE `trading_ownership_codes` (
	`participant_id` integer PRIMARY KEY NOT NULL,
	`contest_id` integer NOT NULL,
	`code` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`participant_id`) REFERENCES `contest_participants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `trading_ownership_codes_code` ON `trading_ownership_codes` (`contest_id`,`code`);--> statement-breakpoint
CREATE TABLE `trading_statements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contest_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`stored_file` text NOT NULL,
	`file_name` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`format` text NOT NULL,
	`account_number` text NOT NULL,
	`account_server` text,
	`currency` text,
	`owner_name` text,
	`covers_from` integer,
	`covers_to` integer,
	`figures` text NOT NULL,
	`breaches` text NOT NULL,
	`excluded` text NOT NULL,
	`curve` text NOT NULL,
	`rules_version` integer NOT NULL,
	`ownership` text NOT NULL,
	`flags` text NOT NULL,
	`status` text NOT NULL,
	`reason` text,
	`reviewed_by` integer,
	`reviewed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `contest_participants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "trading_statements_status_valid" CHECK("status" IN ('counted', 'pending', 'approved', 'rejected', 'disqualified')),
	CONSTRAINT "trading_statements_ownership_valid" CHECK("ownership" IN ('proven', 'not_proven')),
	CONSTRAINT "trading_statements_format_valid" CHECK("format" IN ('mt5_html', 'mt4_html', 'csv'))
);
--> statement-breakpoint
CREATE INDEX `trading_statements_contest` ON `trading_statements` (`contest_id`,`participant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `trading_statements_account` ON `trading_statements` (`contest_id`,`account_number`);--> statement-breakpoint
CREATE INDEX `trading_statements_user` ON `trading_statements` (`user_id`);