ALTER TABLE `payment_proofs` ADD `period_days` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `tier_expires_at` integer;