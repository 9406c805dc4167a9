CREATE TABLE "rank_buckets" (
	"contest_id" integer NOT NULL,
	"lo" bigint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "rank_buckets_contest_id_lo_pk" PRIMARY KEY("contest_id","lo")
);
--> statement-breakpoint
DROP INDEX "contest_participants_rank";--> statement-breakpoint
ALTER TABLE "rank_buckets" ADD CONSTRAINT "rank_buckets_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_participants" DROP COLUMN "rank";--> statement-breakpoint
-- custom: every contest with scores gets its bottom bucket holding all of them (right at once;
-- the first score change of a large contest lays its buckets out at 512 rows each).
INSERT INTO "rank_buckets" ("contest_id", "lo", "n")
SELECT "contest_id", -1000000000000000, count(*) FROM "contest_participants"
WHERE "score" IS NOT NULL GROUP BY "contest_id";
