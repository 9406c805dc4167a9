CREATE TABLE "contest_trading_rules" (
	"contest_id" integer PRIMARY KEY NOT NULL,
	"rules" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contest_trading_rules" ADD CONSTRAINT "contest_trading_rules_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;