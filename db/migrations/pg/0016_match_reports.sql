ALTER TABLE "bracket_matches" ADD COLUMN "report" text;--> statement-breakpoint
ALTER TABLE "bracket_matches" ADD COLUMN "dispute" text;--> statement-breakpoint
-- custom: a waiting or disputed report keeps its result as the report's (who and when from the
-- row), and a dispute's reason becomes the dispute's, made by the reporter's opponent (its own
-- result was not asked before this release).
UPDATE "bracket_matches" SET "report" = jsonb_build_object('by', "reported_by", 'scores', ("pending_result"::jsonb) -> 'scores', 'games', 'null'::jsonb, 'forfeit', ("pending_result"::jsonb) -> 'forfeit', 'at', floor(extract(epoch from "updated_at") * 1000)::bigint)::text WHERE "reported_by" IS NOT NULL AND "pending_result" IS NOT NULL;--> statement-breakpoint
UPDATE "bracket_matches" SET "dispute" = jsonb_build_object('by', CASE WHEN "participant1_id" = "reported_by" THEN "participant2_id" ELSE "participant1_id" END, 'scores', 'null'::jsonb, 'games', 'null'::jsonb, 'reason', "dispute_reason", 'at', floor(extract(epoch from "updated_at") * 1000)::bigint)::text WHERE "reported_by" IS NOT NULL AND "report_state" = 'disputed';
