ALTER TABLE "contest_participants" ADD COLUMN "checked_in_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "tournament" text;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "bracket_generated_at" timestamp (3) with time zone;