CREATE TABLE `participant_exits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contest_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`reason` text,
	`by_user_id` integer,
	`joined_at` integer NOT NULL,
	`at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "participant_exits_kind_valid" CHECK("kind" IN ('no_show', 'removed'))
);
--> statement-breakpoint
CREATE INDEX `participant_exits_contest` ON `participant_exits` (`contest_id`,`at`);--> statement-breakpoint
ALTER TABLE `contest_participants` ADD `fee_waived` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `contest_participants` ADD `disqualified_at` integer;--> statement-breakpoint
ALTER TABLE `contest_participants` ADD `disqualify_reason` text;