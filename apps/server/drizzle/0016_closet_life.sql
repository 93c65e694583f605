ALTER TABLE "clothes" ADD COLUMN "availability_state" text DEFAULT 'AVAILABLE' NOT NULL;--> statement-breakpoint
ALTER TABLE "clothes" ADD COLUMN "availability_since" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "clothes" ADD COLUMN "availability_until" date;--> statement-breakpoint
ALTER TABLE "clothes" ADD COLUMN "washed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "clothes" ADD COLUMN "archived_reason" text;--> statement-breakpoint
ALTER TABLE "clothes" ADD COLUMN "archived_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "clothes" ADD COLUMN "purchase_price" integer;--> statement-breakpoint
ALTER TABLE "clothes" ADD COLUMN "purchase_date" date;