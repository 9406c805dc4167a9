ALTER TABLE `bracket_matches` DROP COLUMN `reported_by`;--> statement-breakpoint
ALTER TABLE `bracket_matches` DROP COLUMN `pending_result`;--> statement-breakpoint
ALTER TABLE `bracket_matches` DROP COLUMN `dispute_reason`;