CREATE TABLE `import_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`site_url` text NOT NULL,
	`status` text NOT NULL,
	`message` text,
	`progress` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`heartbeat_at` integer NOT NULL,
	CONSTRAINT "import_jobs_status_valid" CHECK("status" IN ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `import_jobs_one_running` ON `import_jobs` (`status`) WHERE "status" = 'running';--> statement-breakpoint
CREATE INDEX `import_jobs_started` ON `import_jobs` (`started_at`);--> statement-breakpoint
CREATE TABLE `live_channels` (
	`channel` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);
