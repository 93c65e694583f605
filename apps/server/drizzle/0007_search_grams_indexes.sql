DROP INDEX "users_name_bigram_idx";--> statement-breakpoint
DROP INDEX "feeds_content_trgm_idx";--> statement-breakpoint
DROP INDEX "feeds_content_bigram_idx";--> statement-breakpoint
CREATE INDEX "users_name_grams_idx" ON "users" USING gin (otboo_grams("name"));--> statement-breakpoint
CREATE INDEX "feeds_content_grams_idx" ON "feeds" USING gin (otboo_grams("content"));