CREATE TABLE "feed_counts" (
	"sky_status" text NOT NULL,
	"precipitation_type" text NOT NULL,
	"feed_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "feed_counts_sky_status_precipitation_type_pk" PRIMARY KEY("sky_status","precipitation_type")
);
--> statement-breakpoint
CREATE INDEX "users_name_bigram_idx" ON "users" USING gin (otboo_bigrams("name"));--> statement-breakpoint
CREATE INDEX "feeds_content_bigram_idx" ON "feeds" USING gin (otboo_bigrams("content"));