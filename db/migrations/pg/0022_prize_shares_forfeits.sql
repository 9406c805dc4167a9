ALTER TABLE "payouts" ADD COLUMN "forfeit_decision" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "passed_from_id" integer;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "prize_share" integer;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_forfeit_decision_valid" CHECK ("forfeit_decision" IS NULL OR "forfeit_decision" IN ('passed', 'kept'));--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_prize_share_range" CHECK ("prize_share" IS NULL OR "prize_share" BETWEEN 0 AND 10000);