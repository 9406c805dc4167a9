CREATE TABLE `education_content` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`wp_id` integer,
	`wp_site` text,
	`wp_hash` text,
	`slug` text NOT NULL,
	`kind` text DEFAULT 'article' NOT NULL,
	`source` text DEFAULT 'local' NOT NULL,
	`title` text NOT NULL,
	`content` text NOT NULL,
	`excerpt` text,
	`featured_image` text,
	`category` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`publish_date` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_sync` integer,
	`author_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "education_kind_valid" CHECK("kind" IN ('tutorial', 'article', 'resource')),
	CONSTRAINT "education_source_valid" CHECK("source" IN ('local', 'wordpress'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `education_content_wp_id_unique` ON `education_content` (`wp_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `education_content_slug_unique` ON `education_content` (`slug`);--> statement-breakpoint
CREATE INDEX `education_kind_published` ON `education_content` (`kind`,`publish_date`,`id`);--> statement-breakpoint
CREATE INDEX `education_published` ON `education_content` (`publish_date`,`id`);--> statement-breakpoint
CREATE INDEX `education_author` ON `education_content` (`author_id`);--> statement-breakpoint
CREATE TABLE `education_saved` (
	`user_id` integer NOT NULL,
	`content_id` integer NOT NULL,
	`saved_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `content_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`content_id`) REFERENCES `education_content`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `education_saved_user` ON `education_saved` (`user_id`,`saved_at`);--> statement-breakpoint
CREATE INDEX `education_saved_content` ON `education_saved` (`content_id`);--> statement-breakpoint
-- Written by hand below this line (drizzle-kit does not model virtual tables): the search index
-- of the Education Center. FTS5's trigram tokenizer finds any substring of 3 or more characters
-- of the title and excerpt, case-insensitively, without scanning the table; triggers keep it in
-- step with education_content. A drizzle-kit rebuild of education_content would drop these
-- triggers: such a migration must create them again.
CREATE VIRTUAL TABLE `education_search` USING fts5(title, excerpt, content='education_content', content_rowid='id', tokenize='trigram');--> statement-breakpoint
CREATE TRIGGER `education_search_ai` AFTER INSERT ON `education_content` BEGIN
	INSERT INTO education_search(rowid, title, excerpt) VALUES (new.id, new.title, new.excerpt);
END;--> statement-breakpoint
CREATE TRIGGER `education_search_ad` AFTER DELETE ON `education_content` BEGIN
	INSERT INTO education_search(education_search, rowid, title, excerpt) VALUES ('delete', old.id, old.title, old.excerpt);
END;--> statement-breakpoint
CREATE TRIGGER `education_search_au` AFTER UPDATE OF title, excerpt ON `education_content` BEGIN
	INSERT INTO education_search(education_search, rowid, title, excerpt) VALUES ('delete', old.id, old.title, old.excerpt);
	INSERT INTO education_search(rowid, title, excerpt) VALUES (new.id, new.title, new.excerpt);
END;
