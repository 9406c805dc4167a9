-- custom: written by hand (drizzle-kit does not model extensions or operator classes). The
-- Education Center's search: on SQLite an FTS5 trigram table kept by triggers
-- (db/migrations/sqlite/0004_education.sql); here pg_trgm's GIN index on the two searched
-- columns, which answers `title ILIKE '%term%' OR excerpt ILIKE '%term%'` for terms of 3 or
-- more characters without a scan, and needs no triggers. pg_trgm is a trusted extension
-- (PostgreSQL 13+): the database's owner may create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "education_search" ON "education_content" USING gin ("title" gin_trgm_ops, "excerpt" gin_trgm_ops);
