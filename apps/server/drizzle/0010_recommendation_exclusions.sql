CREATE TABLE "recommendation_exclusions" (
	"user_id" uuid NOT NULL,
	"weather_id" uuid NOT NULL,
	"clothes_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recommendation_exclusions_user_id_weather_id_clothes_id_pk" PRIMARY KEY("user_id","weather_id","clothes_id")
);
--> statement-breakpoint
ALTER TABLE "recommendation_exclusions" ADD CONSTRAINT "recommendation_exclusions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_exclusions" ADD CONSTRAINT "recommendation_exclusions_weather_id_weather_forecasts_id_fk" FOREIGN KEY ("weather_id") REFERENCES "public"."weather_forecasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_exclusions" ADD CONSTRAINT "recommendation_exclusions_clothes_id_clothes_id_fk" FOREIGN KEY ("clothes_id") REFERENCES "public"."clothes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recommendation_exclusions_user_created_idx" ON "recommendation_exclusions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "recommendation_exclusions_clothes_idx" ON "recommendation_exclusions" USING btree ("clothes_id");