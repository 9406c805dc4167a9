ALTER TABLE `bracket_matches` ADD `report` text;--> statement-breakpoint
ALTER TABLE `bracket_matches` ADD `dispute` text;--> statement-breakpoint
-- custom: a waiting or disputed report keeps its result as the report's (who and when from the
-- row), and a dispute's reason becomes the dispute's, made by the reporter's opponent (its own
-- result was not asked before this release).
UPDATE `bracket_matches` SET `report` = json_object('by', `reported_by`, 'scores', json_extract(`pending_result`, '$.scores'), 'games', NULL, 'forfeit', json_extract(`pending_result`, '$.forfeit'), 'at', `updated_at`) WHERE `reported_by` IS NOT NULL AND `pending_result` IS NOT NULL AND json_valid(`pending_result`);--> statement-breakpoint
UPDATE `bracket_matches` SET `dispute` = json_object('by', CASE WHEN `participant1_id` = `reported_by` THEN `participant2_id` ELSE `participant1_id` END, 'scores', NULL, 'games', NULL, 'reason', `dispute_reason`, 'at', `updated_at`) WHERE `reported_by` IS NOT NULL AND `report_state` = 'disputed';
