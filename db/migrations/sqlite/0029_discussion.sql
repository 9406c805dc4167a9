CREATE TABLE `discussion_bars` (
	`contest_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`reason` text NOT NULL,
	`barred_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`contest_id`, `user_id`),
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`barred_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `discussion_follows` (
	`topic_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`topic_id`, `user_id`),
	FOREIGN KEY (`topic_id`) REFERENCES `discussion_topics`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `discussion_follows_user` ON `discussion_follows` (`user_id`);--> statement-breakpoint
CREATE TABLE `discussion_post_edits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`editor_id` integer,
	`body` text NOT NULL,
	`edited_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `discussion_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`editor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `discussion_post_edits_post` ON `discussion_post_edits` (`post_id`,`id`);--> statement-breakpoint
CREATE TABLE `discussion_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`topic_id` integer NOT NULL,
	`contest_id` integer NOT NULL,
	`author_id` integer,
	`opening` integer DEFAULT false NOT NULL,
	`body` text NOT NULL,
	`quote_id` integer,
	`upvotes` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`edited_at` integer,
	`deleted_at` integer,
	`hidden_at` integer,
	FOREIGN KEY (`topic_id`) REFERENCES `discussion_topics`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `discussion_posts_topic` ON `discussion_posts` (`topic_id`,`opening`,`id`);--> statement-breakpoint
CREATE INDEX `discussion_posts_author` ON `discussion_posts` (`author_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `discussion_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`reporter_id` integer NOT NULL,
	`reason` text NOT NULL,
	`text` text,
	`status` text DEFAULT 'open' NOT NULL,
	`resolved_by` integer,
	`resolved_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `discussion_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "discussion_reports_reason_valid" CHECK("reason" IN ('spam', 'abuse', 'off_topic', 'other')),
	CONSTRAINT "discussion_reports_status_valid" CHECK("status" IN ('open', 'hidden', 'restored', 'deleted', 'dismissed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discussion_reports_once` ON `discussion_reports` (`post_id`,`reporter_id`);--> statement-breakpoint
CREATE INDEX `discussion_reports_status` ON `discussion_reports` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `discussion_topics` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contest_id` integer NOT NULL,
	`author_id` integer,
	`title` text NOT NULL,
	`pinned` integer DEFAULT false NOT NULL,
	`locked` integer DEFAULT false NOT NULL,
	`announcement` integer DEFAULT false NOT NULL,
	`answer_id` integer,
	`reply_count` integer DEFAULT 0 NOT NULL,
	`upvotes` integer DEFAULT 0 NOT NULL,
	`last_post_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_poster_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`last_poster_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `discussion_topics_activity` ON `discussion_topics` (`contest_id`,`pinned`,`last_post_at`,`id`);--> statement-breakpoint
CREATE INDEX `discussion_topics_newest` ON `discussion_topics` (`contest_id`,`pinned`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `discussion_topics_active` ON `discussion_topics` (`contest_id`,`pinned`,`reply_count`,`id`);--> statement-breakpoint
CREATE INDEX `discussion_topics_upvoted` ON `discussion_topics` (`contest_id`,`pinned`,`upvotes`,`id`);--> statement-breakpoint
CREATE TABLE `discussion_upvotes` (
	`post_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`post_id`, `user_id`),
	FOREIGN KEY (`post_id`) REFERENCES `discussion_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `discussion_upvotes_user` ON `discussion_upvotes` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `contests` ADD `open_discussion` integer DEFAULT false NOT NULL;