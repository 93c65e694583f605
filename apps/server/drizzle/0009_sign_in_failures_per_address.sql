-- Sign-in failures are counted per (e-mail, client address) instead of per e-mail. The counts live 15 minutes,
-- so the old per-e-mail rows are dropped rather than converted.
DELETE FROM "sign_in_failures";--> statement-breakpoint
ALTER TABLE "sign_in_failures" DROP CONSTRAINT "sign_in_failures_pkey";--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD COLUMN "ip" text NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD COLUMN "last_failed_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD COLUMN "retry_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "sign_in_failures" DROP COLUMN "window_started_at";--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD CONSTRAINT "sign_in_failures_email_ip_pk" PRIMARY KEY("email","ip");--> statement-breakpoint
CREATE INDEX "sign_in_failures_last_failed_at_idx" ON "sign_in_failures" USING btree ("last_failed_at");
