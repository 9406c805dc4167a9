CREATE TABLE `score_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contest_id` integer NOT NULL,
	`user_id` integer,
	`username` text NOT NULL,
	`old_score` integer,
	`new_score` integer NOT NULL,
	`changed_by` integer,
	`changed_by_name` text NOT NULL,
	`source` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`changed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "score_history_source_valid" CHECK("source" IN ('form', 'csv', 'rest'))
);
--> statement-breakpoint
CREATE INDEX `score_history_contest` ON `score_history` (`contest_id`,`id`);--> statement-breakpoint
CREATE INDEX `score_history_user` ON `score_history` (`user_id`);--> statement-breakpoint
CREATE INDEX `score_history_changed_by` ON `score_history` (`changed_by`);--> statement-breakpoint
DROP INDEX `payment_proofs_tx`;--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_contest_participants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contest_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`score` integer,
	`rank` integer,
	`joined_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_contest_participants`("id", "contest_id", "user_id", "score", "rank", "joined_at") SELECT "id", "contest_id", "user_id", "score", "rank", "joined_at" FROM `contest_participants`;--> statement-breakpoint
DROP TABLE `contest_participants`;--> statement-breakpoint
ALTER TABLE `__new_contest_participants` RENAME TO `contest_participants`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `contest_participants_unique` ON `contest_participants` (`contest_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `contest_participants_rank` ON `contest_participants` (`contest_id`,`rank`);--> statement-breakpoint
CREATE INDEX `contest_participants_user` ON `contest_participants` (`user_id`);--> statement-breakpoint
CREATE INDEX `contest_participants_score` ON `contest_participants` (`contest_id`,`score`);--> statement-breakpoint
ALTER TABLE `contests` ADD `score_decimals` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `contests` ADD `score_order` text DEFAULT 'higher' NOT NULL;--> statement-breakpoint
ALTER TABLE `uploads` ADD `original_name` text;--> statement-breakpoint
ALTER TABLE `users` ADD `must_change_password` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- custom:
-- A contest in which every participant still has the initial 0 has no scores yet: its members
-- are unscored and unranked (they read '-', not 'rank 1'). Elsewhere a 0 may have been entered.
UPDATE `contest_participants` SET `score` = NULL, `rank` = NULL WHERE `contest_id` IN (SELECT `contest_id` FROM `contest_participants` GROUP BY `contest_id` HAVING min(`score`) = 0 AND max(`score`) = 0);--> statement-breakpoint
-- Scores are stored exactly as integers of 1/10,000 (up to 4 decimals).
UPDATE `contest_participants` SET `score` = `score` * 10000 WHERE `score` IS NOT NULL;--> statement-breakpoint
-- custom: normalise the stored transaction hashes (shared/payments.ts normalizeTxHash), settle
-- hashes used by more than one proof, and only then create drizzle-kit's unique index on
-- `tx_hash` alone (moved here from above this line: it must come after the normalisation).
-- A hexadecimal hash (every network but SOL) becomes its 64 digits in lower case without 0x;
-- anything not of that shape is left as it was (Solana signatures keep their case).
UPDATE `payment_proofs` SET `tx_hash` = lower(substr(`tx_hash`, 3))
WHERE `network` <> 'SOL' AND `tx_hash` LIKE '0x%' AND length(`tx_hash`) = 66
  AND substr(`tx_hash`, 3) NOT GLOB '*[^0-9a-fA-F]*';--> statement-breakpoint
UPDATE `payment_proofs` SET `tx_hash` = lower(`tx_hash`)
WHERE `network` <> 'SOL' AND length(`tx_hash`) = 64 AND `tx_hash` NOT GLOB '*[^0-9a-fA-F]*';--> statement-breakpoint
-- One transaction pays once: the oldest proof of a hash keeps it. A later proof of the same hash
-- that still awaits review is rejected with a reason its member reads (what submission now
-- refuses); reviewed ones keep their verdict. Every later proof's hash gets a '#dup<id>' suffix,
-- which no real hash contains, so the records stay and the index holds.
UPDATE `payment_proofs` SET
  `status` = 'rejected',
  `reason` = 'This transaction had already been submitted (payment proof #' || (
    SELECT `o`.`id` FROM `payment_proofs` AS `o` WHERE `o`.`tx_hash` = `payment_proofs`.`tx_hash`
    ORDER BY `o`.`created_at`, `o`.`id` LIMIT 1
  ) || ').',
  `reviewer_name` = 'System',
  `reviewed_at` = cast(unixepoch('subsec') * 1000 as integer)
WHERE `status` = 'pending' AND `id` IN (
  SELECT `p`.`id` FROM `payment_proofs` AS `p` WHERE EXISTS (
    SELECT 1 FROM `payment_proofs` AS `o` WHERE `o`.`tx_hash` = `p`.`tx_hash`
      AND (`o`.`created_at` < `p`.`created_at` OR (`o`.`created_at` = `p`.`created_at` AND `o`.`id` < `p`.`id`))
  )
);--> statement-breakpoint
UPDATE `payment_proofs` SET `tx_hash` = `tx_hash` || '#dup' || `id`
WHERE `id` IN (
  SELECT `p`.`id` FROM `payment_proofs` AS `p` WHERE EXISTS (
    SELECT 1 FROM `payment_proofs` AS `o` WHERE `o`.`tx_hash` = `p`.`tx_hash`
      AND (`o`.`created_at` < `p`.`created_at` OR (`o`.`created_at` = `p`.`created_at` AND `o`.`id` < `p`.`id`))
  )
);--> statement-breakpoint
CREATE UNIQUE INDEX `payment_proofs_tx_hash` ON `payment_proofs` (`tx_hash`);
