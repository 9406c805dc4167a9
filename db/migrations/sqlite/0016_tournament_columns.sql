ALTER TABLE `contest_participants` ADD `checked_in_at` integer;--> statement-breakpoint
ALTER TABLE `contests` ADD `tournament` text;--> statement-breakpoint
ALTER TABLE `contests` ADD `bracket_generated_at` integer;