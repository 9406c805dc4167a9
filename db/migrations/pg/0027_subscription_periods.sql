ALTER TABLE "payment_proofs" ADD COLUMN "period_days" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tier_expires_at" timestamp (3) with time zone;