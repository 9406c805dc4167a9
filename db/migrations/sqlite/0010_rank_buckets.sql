CREATE TABLE `rank_buckets` (
	`contest_id` integer NOT NULL,
	`lo` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`contest_id`, `lo`),
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP INDEX `contest_participants_rank`;--> statement-breakpoint
ALTER TABLE `contest_participants` DROP COLUMN `rank`;--> statement-breakpoint
-- custom: every contest with scores gets its bottom bucket holding all of them (right at once;
-- the first score change of a large contest lays its buckets out at 512 rows each).
INSERT INTO `rank_buckets` (`contest_id`, `lo`, `n`)
SELECT `contest_id`, -1000000000000000, count(*) FROM `contest_participants`
WHERE `score` IS NOT NULL GROUP BY `contest_id`;
