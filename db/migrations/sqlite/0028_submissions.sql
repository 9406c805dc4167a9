CREATE TABLE `contest_evaluations` (
	`contest_id` integer PRIMARY KEY NOT NULL,
	`metric` text NOT NULL,
	`k` integer,
	`positive_label` text,
	`id_column` text DEFAULT 'id' NOT NULL,
	`target_columns` text NOT NULL,
	`public_fraction` real DEFAULT 0.3 NOT NULL,
	`split_seed` text NOT NULL,
	`daily_limit` integer DEFAULT 5 NOT NULL,
	`total_limit` integer,
	`max_file_mb` integer DEFAULT 20 NOT NULL,
	`selection_limit` integer DEFAULT 2 NOT NULL,
	`key_file` text,
	`key_name` text,
	`target_kind` text,
	`key_rows` integer,
	`key_public_rows` integer,
	`key_split` text,
	`key_uploaded_at` integer,
	`sample_file` text,
	`sample_name` text,
	`version` integer DEFAULT 1 NOT NULL,
	`published_at` integer,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "contest_evaluations_metric_valid" CHECK("metric" IN ('accuracy', 'f1_macro', 'f1_micro', 'f1_binary', 'logloss', 'roc_auc', 'rmse', 'mae', 'mape', 'r2', 'map_at_k', 'quadratic_weighted_kappa', 'exact_match')),
	CONSTRAINT "contest_evaluations_limits" CHECK("daily_limit" >= 1 AND "max_file_mb" BETWEEN 1 AND 200 AND "selection_limit" >= 1 AND ("total_limit" IS NULL OR "total_limit" >= 1))
);
--> statement-breakpoint
CREATE TABLE `submissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contest_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`stored_file` text NOT NULL,
	`file_name` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`description` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`public_score` real,
	`private_score` real,
	`error` text,
	`selected` integer DEFAULT false NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`lease_until` integer,
	`scored_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `contest_participants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "submissions_status_valid" CHECK("status" IN ('queued', 'scoring', 'scored', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `submissions_contest` ON `submissions` (`contest_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `submissions_participant` ON `submissions` (`participant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `submissions_user` ON `submissions` (`user_id`);--> statement-breakpoint
CREATE INDEX `submissions_status` ON `submissions` (`status`,`lease_until`);