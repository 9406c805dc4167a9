-- Hand-edited after drizzle-kit generate: the copies select only columns the old tables have,
-- and legacy or unknown enum values are mapped (premium -> elite, PRODUCT.md) so every row passes
-- the new CHECK constraints and none is lost.
-- The expression indexes are written as in 0000 (drizzle-kit quotes a rebuilt one as a column name).
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_seen_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	`ip` text,
	`user_agent` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires` ON `sessions` (`expires_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_uploads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`file_name` text NOT NULL,
	`owner_id` integer,
	`purpose` text NOT NULL,
	`mime` text NOT NULL,
	`size` integer NOT NULL,
	`variant_file_name` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "uploads_purpose_valid" CHECK("purpose" IN ('avatar', 'cover', 'guide', 'proof', 'any'))
);
--> statement-breakpoint
INSERT INTO `__new_uploads`("id", "file_name", "owner_id", "purpose", "mime", "size", "created_at") SELECT "id", "file_name", "owner_id", CASE WHEN "purpose" IN ('avatar', 'cover', 'guide', 'proof') THEN "purpose" ELSE 'any' END, "mime", "size", "created_at" FROM `uploads`;--> statement-breakpoint
DROP TABLE `uploads`;--> statement-breakpoint
ALTER TABLE `__new_uploads` RENAME TO `uploads`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `uploads_file_name_unique` ON `uploads` (`file_name`);--> statement-breakpoint
CREATE INDEX `uploads_owner` ON `uploads` (`owner_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `audit_log` ADD `ip` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `user_agent` text;--> statement-breakpoint
CREATE TABLE `__new_users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`password` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`full_name` text,
	`role` text DEFAULT 'user' NOT NULL,
	`subscription_tier` text,
	`profile_image` text,
	`session_version` integer DEFAULT 0 NOT NULL,
	`ban_reason` text,
	`last_login_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "users_role_valid" CHECK("role" IN ('user', 'moderator', 'admin', 'banned')),
	CONSTRAINT "users_tier_valid" CHECK("subscription_tier" IS NULL OR "subscription_tier" IN ('free', 'standard', 'pro', 'elite'))
);
--> statement-breakpoint
INSERT INTO `__new_users`("id", "username", "password", "email", "phone", "full_name", "role", "subscription_tier", "profile_image", "session_version", "created_at") SELECT "id", "username", "password", "email", "phone", "full_name", CASE WHEN "role" IN ('user', 'moderator', 'admin', 'banned') THEN "role" ELSE 'user' END, CASE WHEN "subscription_tier" IS NULL OR "subscription_tier" IN ('free', 'standard', 'pro', 'elite') THEN "subscription_tier" WHEN "subscription_tier" = 'premium' THEN 'elite' ELSE 'free' END, "profile_image", "session_version", "created_at" FROM `users`;--> statement-breakpoint
DROP TABLE `users`;--> statement-breakpoint
ALTER TABLE `__new_users` RENAME TO `users`;--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_nocase` ON `users` ("username" COLLATE NOCASE);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_nocase` ON `users` ("email" COLLATE NOCASE);--> statement-breakpoint
CREATE TABLE `__new_payout_methods` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`payment_method` text NOT NULL,
	`account_name` text,
	`account_number` text,
	`bank_name` text,
	`bank_code` text,
	`crypto_address` text,
	`crypto_currency` text,
	`paypal_email` text,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "payout_methods_method_valid" CHECK("payment_method" IN ('bank', 'crypto', 'paypal'))
);
--> statement-breakpoint
INSERT INTO `__new_payout_methods`("user_id", "payment_method", "account_name", "account_number", "bank_name", "bank_code", "crypto_address", "crypto_currency", "paypal_email", "updated_at") SELECT "user_id", CASE WHEN "payment_method" IN ('bank', 'crypto', 'paypal') THEN "payment_method" ELSE 'bank' END, "account_name", "account_number", "bank_name", "bank_code", "crypto_address", "crypto_currency", "paypal_email", "updated_at" FROM `payout_methods`;--> statement-breakpoint
DROP TABLE `payout_methods`;--> statement-breakpoint
ALTER TABLE `__new_payout_methods` RENAME TO `payout_methods`;