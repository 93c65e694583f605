ALTER TABLE "notifications" ADD COLUMN "excerpt" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "target_feed_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "target_date" date;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_target_feed_id_feeds_id_fk" FOREIGN KEY ("target_feed_id") REFERENCES "public"."feeds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_receiver_read_idx" ON "notifications" USING btree ("receiver_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "notifications"."read_at" is not null;--> statement-breakpoint
CREATE INDEX "notifications_target_feed_idx" ON "notifications" USING btree ("target_feed_id") WHERE "notifications"."target_feed_id" is not null;