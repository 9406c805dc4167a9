CREATE TABLE `contest_participants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contest_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`score` integer DEFAULT 0 NOT NULL,
	`rank` integer,
	`joined_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contest_participants_unique` ON `contest_participants` (`contest_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `contest_participants_rank` ON `contest_participants` (`contest_id`,`rank`);--> statement-breakpoint
CREATE INDEX `contest_participants_user` ON `contest_participants` (`user_id`);--> statement-breakpoint
CREATE TABLE `contests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`short_description` text,
	`description` text,
	`type` text DEFAULT 'other' NOT NULL,
	`category` text DEFAULT 'other' NOT NULL,
	`cover_image` text,
	`mode` text DEFAULT 'individual' NOT NULL,
	`max_participants` integer DEFAULT 100 NOT NULL,
	`format` text DEFAULT 'league' NOT NULL,
	`registration_deadline` integer,
	`start_date` integer,
	`end_date` integer,
	`participation_type` text DEFAULT 'free' NOT NULL,
	`entry_fee` text,
	`prize` text,
	`required_tier` text DEFAULT 'free' NOT NULL,
	`external_link` text,
	`pdf_guide` text,
	`enable_leaderboard` integer DEFAULT true NOT NULL,
	`enable_comments` integer DEFAULT true NOT NULL,
	`created_by` integer NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`draft` integer DEFAULT true NOT NULL,
	`participants` integer DEFAULT 0 NOT NULL,
	`featured` integer DEFAULT false NOT NULL,
	`invite_code` text,
	`published_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "contests_category_valid" CHECK("category" IN ('forex', 'gaming', 'academic', 'sports', 'art', 'other')),
	CONSTRAINT "contests_type_is_category" CHECK("type" = "category"),
	CONSTRAINT "contests_mode_valid" CHECK("mode" IN ('individual', 'team')),
	CONSTRAINT "contests_format_valid" CHECK("format" IN ('knockout', 'league', 'tournament', 'open')),
	CONSTRAINT "contests_participation_valid" CHECK("participation_type" IN ('free', 'paid', 'invite')),
	CONSTRAINT "contests_tier_valid" CHECK("required_tier" IN ('free', 'standard', 'pro', 'elite')),
	CONSTRAINT "contests_status_valid" CHECK("status" IN ('draft', 'pending', 'active', 'completed', 'rejected')),
	CONSTRAINT "contests_draft_is_status" CHECK("draft" = ("status" = 'draft')),
	CONSTRAINT "contests_max_participants_range" CHECK("max_participants" BETWEEN 1 AND 10000),
	CONSTRAINT "contests_participants_range" CHECK("participants" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contests_slug` ON `contests` (`slug`);--> statement-breakpoint
CREATE INDEX `contests_status_start` ON `contests` (`status`,`start_date`);--> statement-breakpoint
CREATE INDEX `contests_public_start` ON `contests` (("status" = 'active' OR "status" = 'completed'),`start_date`,`id`);--> statement-breakpoint
CREATE INDEX `contests_public_end` ON `contests` (("status" = 'active' OR "status" = 'completed'),`end_date`,`status`);--> statement-breakpoint
CREATE INDEX `contests_status_end` ON `contests` (`status`,`end_date`,`start_date`);--> statement-breakpoint
CREATE INDEX `contests_featured` ON `contests` (`featured`,`status`,`start_date`);--> statement-breakpoint
CREATE INDEX `contests_category` ON `contests` (`category`,`status`,`start_date`);--> statement-breakpoint
CREATE INDEX `contests_tier` ON `contests` (`required_tier`,`status`,`start_date`);--> statement-breakpoint
CREATE INDEX `contests_participation` ON `contests` (`participation_type`,`status`,`start_date`);--> statement-breakpoint
CREATE INDEX `contests_creator` ON `contests` (`created_by`,`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `contests_created` ON `contests` (`created_at`);