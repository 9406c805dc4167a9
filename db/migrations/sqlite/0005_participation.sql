CREATE TABLE `payment_proofs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`username` text NOT NULL,
	`purpose` text NOT NULL,
	`contest_id` integer,
	`contest_title` text,
	`tier` text,
	`network` text NOT NULL,
	`wallet_address` text NOT NULL,
	`tx_hash` text NOT NULL,
	`sender_address` text NOT NULL,
	`notes` text,
	`proof_file` text,
	`amount_usd` text NOT NULL,
	`amount_coin` text NOT NULL,
	`rate` real NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`reviewer_id` integer,
	`reviewer_name` text,
	`reviewed_at` integer,
	`reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`reviewer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "payment_proofs_purpose_valid" CHECK("purpose" IN ('entry_fee', 'tier_upgrade')),
	CONSTRAINT "payment_proofs_status_valid" CHECK("status" IN ('pending', 'verified', 'rejected')),
	CONSTRAINT "payment_proofs_network_valid" CHECK("network" IN ('ETH', 'BTC', 'SOL', 'MATIC', 'TRX', 'BNB')),
	CONSTRAINT "payment_proofs_tier_valid" CHECK("tier" IS NULL OR "tier" IN ('free', 'standard', 'pro', 'elite')),
	CONSTRAINT "payment_proofs_target" CHECK(("purpose" = 'entry_fee' AND "tier" IS NULL) OR ("purpose" = 'tier_upgrade' AND "tier" IS NOT NULL AND "contest_id" IS NULL)),
	CONSTRAINT "payment_proofs_rejection_reason" CHECK("status" <> 'rejected' OR "reason" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_proofs_tx` ON `payment_proofs` (`network`,`tx_hash`);--> statement-breakpoint
CREATE INDEX `payment_proofs_queue` ON `payment_proofs` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `payment_proofs_user` ON `payment_proofs` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payment_proofs_contest` ON `payment_proofs` (`contest_id`);--> statement-breakpoint
CREATE INDEX `payment_proofs_reviewer` ON `payment_proofs` (`reviewer_id`);--> statement-breakpoint
CREATE INDEX `contest_participants_score` ON `contest_participants` (`contest_id`,`score`);--> statement-breakpoint
-- Ranks are stored from now on (services/contestParticipants.ts keeps them): rank every existing participant by standard competition ranking of the scores.
UPDATE `contest_participants` SET `rank` = `ranked`.`r` FROM (SELECT `id`, RANK() OVER (PARTITION BY `contest_id` ORDER BY `score` DESC) AS `r` FROM `contest_participants`) AS `ranked` WHERE `contest_participants`.`id` = `ranked`.`id` AND `contest_participants`.`rank` IS NOT `ranked`.`r`;
