CREATE TABLE `bracket_groups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contest_id` integer NOT NULL,
	`stage_id` integer NOT NULL,
	`number` integer NOT NULL,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `bracket_groups_contest` ON `bracket_groups` (`contest_id`);--> statement-breakpoint
CREATE TABLE `bracket_matches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contest_id` integer NOT NULL,
	`stage_id` integer NOT NULL,
	`group_id` integer NOT NULL,
	`round_id` integer NOT NULL,
	`number` integer NOT NULL,
	`child_count` integer DEFAULT 0 NOT NULL,
	`status` integer NOT NULL,
	`opponent1` text,
	`opponent2` text,
	`participant1_id` integer,
	`participant2_id` integer,
	`scheduled_at` integer,
	`report_state` text DEFAULT 'none' NOT NULL,
	`reported_by` integer,
	`pending_result` text,
	`dispute_reason` text,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "bracket_matches_report_valid" CHECK("report_state" IN ('none', 'pending', 'confirmed', 'disputed'))
);
--> statement-breakpoint
CREATE INDEX `bracket_matches_contest` ON `bracket_matches` (`contest_id`);--> statement-breakpoint
CREATE INDEX `bracket_matches_participant1` ON `bracket_matches` (`participant1_id`);--> statement-breakpoint
CREATE INDEX `bracket_matches_participant2` ON `bracket_matches` (`participant2_id`);--> statement-breakpoint
CREATE INDEX `bracket_matches_report` ON `bracket_matches` (`report_state`);--> statement-breakpoint
CREATE TABLE `bracket_rounds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contest_id` integer NOT NULL,
	`stage_id` integer NOT NULL,
	`group_id` integer NOT NULL,
	`number` integer NOT NULL,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `bracket_rounds_contest` ON `bracket_rounds` (`contest_id`);--> statement-breakpoint
CREATE TABLE `bracket_stages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contest_id` integer NOT NULL,
	`number` integer NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`settings` text NOT NULL,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "bracket_stages_type_valid" CHECK("type" IN ('single_elimination', 'double_elimination', 'round_robin', 'swiss'))
);
--> statement-breakpoint
CREATE INDEX `bracket_stages_contest` ON `bracket_stages` (`contest_id`);