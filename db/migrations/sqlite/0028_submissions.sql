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
CREATE INDEX `submissions_status` ON `submissions` (`status`,`lease_until`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_contests` (
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
	`score_decimals` integer DEFAULT 0 NOT NULL,
	`score_order` text DEFAULT 'higher' NOT NULL,
	`tournament` text,
	`prize_table` text,
	`bracket_generated_at` integer,
	`start_handled_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "contests_category_valid" CHECK("category" IN ('forex', 'gaming', 'academic', 'sports', 'art', 'other')),
	CONSTRAINT "contests_type_is_category" CHECK("type" = "category"),
	CONSTRAINT "contests_mode_valid" CHECK("mode" IN ('individual', 'team')),
	CONSTRAINT "contests_format_valid" CHECK("format" IN ('knockout', 'league', 'tournament', 'open', 'submission')),
	CONSTRAINT "contests_participation_valid" CHECK("participation_type" IN ('free', 'paid', 'invite')),
	CONSTRAINT "contests_tier_valid" CHECK("required_tier" IN ('free', 'standard', 'pro', 'elite')),
	CONSTRAINT "contests_status_valid" CHECK("status" IN ('draft', 'pending', 'active', 'completed', 'rejected')),
	CONSTRAINT "contests_draft_is_status" CHECK("draft" = ("status" = 'draft')),
	CONSTRAINT "contests_max_participants_range" CHECK("max_participants" BETWEEN 1 AND 10000),
	CONSTRAINT "contests_participants_range" CHECK("participants" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_contests`("id", "slug", "title", "short_description", "description", "type", "category", "cover_image", "mode", "max_participants", "format", "registration_deadline", "start_date", "end_date", "participation_type", "entry_fee", "prize", "required_tier", "external_link", "pdf_guide", "enable_leaderboard", "enable_comments", "created_by", "status", "draft", "participants", "featured", "invite_code", "published_at", "score_decimals", "score_order", "tournament", "prize_table", "bracket_generated_at", "start_handled_at", "created_at", "updated_at") SELECT "id", "slug", "title", "short_description", "description", "type", "category", "cover_image", "mode", "max_participants", "format", "registration_deadline", "start_date", "end_date", "participation_type", "entry_fee", "prize", "required_tier", "external_link", "pdf_guide", "enable_leaderboard", "enable_comments", "created_by", "status", "draft", "participants", "featured", "invite_code", "published_at", "score_decimals", "score_order", "tournament", "prize_table", "bracket_generated_at", "start_handled_at", "created_at", "updated_at" FROM `contests`;--> statement-breakpoint
DROP TABLE `contests`;--> statement-breakpoint
ALTER TABLE `__new_contests` RENAME TO `contests`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
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
CREATE INDEX `contests_created` ON `contests` (`created_at`);--> statement-breakpoint
CREATE TABLE `__new_notification_preferences` (
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`email` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notification_preferences_kind_valid" CHECK("kind" IN ('contest_approved', 'contest_rejected', 'payment_verified', 'payment_rejected', 'contest_joined', 'contest_starting', 'contest_results', 'score_changed', 'results_confirmed', 'payout_update', 'submission_scored', 'match_ready', 'match_result_reported', 'match_result_disputed', 'checkin_open', 'checkin_missed', 'team_invite', 'roster_changed', 'disqualified'))
);
--> statement-breakpoint
INSERT INTO `__new_notification_preferences`("user_id", "kind", "email") SELECT "user_id", "kind", "email" FROM `notification_preferences`;--> statement-breakpoint
DROP TABLE `notification_preferences`;--> statement-breakpoint
ALTER TABLE `__new_notification_preferences` RENAME TO `notification_preferences`;--> statement-breakpoint
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
	CONSTRAINT "notifications_kind_valid" CHECK("kind" IN ('contest_approved', 'contest_rejected', 'payment_verified', 'payment_rejected', 'contest_joined', 'contest_starting', 'contest_results', 'score_changed', 'results_confirmed', 'payout_update', 'submission_scored', 'match_ready', 'match_result_reported', 'match_result_disputed', 'checkin_open', 'checkin_missed', 'team_invite', 'roster_changed', 'disqualified'))
);
--> statement-breakpoint
INSERT INTO `__new_notifications`("id", "user_id", "kind", "title", "body", "link", "dedupe_key", "created_at", "read_at") SELECT "id", "user_id", "kind", "title", "body", "link", "dedupe_key", "created_at", "read_at" FROM `notifications`;--> statement-breakpoint
DROP TABLE `notifications`;--> statement-breakpoint
ALTER TABLE `__new_notifications` RENAME TO `notifications`;--> statement-breakpoint
CREATE INDEX `notifications_user` ON `notifications` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_user_unread` ON `notifications` (`user_id`,`read_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_dedupe` ON `notifications` (`user_id`,`dedupe_key`);