CREATE TABLE "import_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"site_url" text NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"progress" text NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"finished_at" timestamp (3) with time zone,
	"heartbeat_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "import_jobs_status_valid" CHECK ("status" IN ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "live_channels" (
	"channel" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "import_jobs_one_running" ON "import_jobs" USING btree ("status") WHERE "status" = 'running';--> statement-breakpoint
CREATE INDEX "import_jobs_started" ON "import_jobs" USING btree ("started_at");