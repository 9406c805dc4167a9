DROP INDEX `payment_proofs_tx`;--> statement-breakpoint
ALTER TABLE `users` ADD `must_change_password` integer DEFAULT false NOT NULL;--> statement-breakpoint
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
