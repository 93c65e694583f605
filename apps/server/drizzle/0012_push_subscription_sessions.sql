-- A push subscription now belongs to the session that made it, and only live sessions are pushed to. Existing rows
-- cannot be told which session (device) made them, and guessing could keep pushing to a device nobody is signed in
-- on, so they are dropped: a device is pushed again once its user turns push on there.
DELETE FROM "push_subscriptions";--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_session_idx" ON "push_subscriptions" USING btree ("session_id");