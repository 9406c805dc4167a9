ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_valid";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_valid";--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "start_handled_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_valid" CHECK ("kind" IN ('contest_approved', 'contest_rejected', 'payment_verified', 'payment_rejected', 'contest_joined', 'contest_starting', 'contest_results', 'score_changed', 'match_ready', 'match_result_reported', 'match_result_disputed', 'checkin_open', 'checkin_missed'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_valid" CHECK ("kind" IN ('contest_approved', 'contest_rejected', 'payment_verified', 'payment_rejected', 'contest_joined', 'contest_starting', 'contest_results', 'score_changed', 'match_ready', 'match_result_reported', 'match_result_disputed', 'checkin_open', 'checkin_missed'));--> statement-breakpoint
-- custom: contests made before formats were real (every one was 'league' by default, with a
-- scored leaderboard) do not have a bracket generated at their start unless their organiser turns
-- it on; the settings' default (autoGenerate) is for contests set up from now on.
UPDATE "contests" SET "tournament" = '{"autoGenerate":false}' WHERE "tournament" IS NULL;--> statement-breakpoint
-- custom: a contest that started before this release has had its start: the start round (one
-- transaction per contest) does not walk through all of them at the first start after the upgrade.
UPDATE "contests" SET "start_handled_at" = now() WHERE "start_date" IS NOT NULL AND "start_date" <= now();
