CREATE TABLE "trip_items" (
	"trip_id" uuid NOT NULL,
	"clothes_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"days" integer NOT NULL,
	"packed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "trip_items_trip_id_clothes_id_pk" PRIMARY KEY("trip_id","clothes_id")
);
--> statement-breakpoint
CREATE TABLE "trips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"location" jsonb NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"days" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trip_items" ADD CONSTRAINT "trip_items_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_items" ADD CONSTRAINT "trip_items_clothes_id_clothes_id_fk" FOREIGN KEY ("clothes_id") REFERENCES "public"."clothes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trip_items_clothes_idx" ON "trip_items" USING btree ("clothes_id");--> statement-breakpoint
CREATE INDEX "trips_user_created_idx" ON "trips" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);