CREATE TABLE "recommendation_calibrations" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"shift_celsius" double precision NOT NULL,
	"samples" integer NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recommendation_feedback" (
	"user_id" uuid NOT NULL,
	"forecast_date" date NOT NULL,
	"weather_id" uuid,
	"feeling" text NOT NULL,
	"answered_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recommendation_feedback_user_id_forecast_date_pk" PRIMARY KEY("user_id","forecast_date")
);
--> statement-breakpoint
ALTER TABLE "recommendation_calibrations" ADD CONSTRAINT "recommendation_calibrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_feedback" ADD CONSTRAINT "recommendation_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_feedback" ADD CONSTRAINT "recommendation_feedback_weather_id_weather_forecasts_id_fk" FOREIGN KEY ("weather_id") REFERENCES "public"."weather_forecasts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recommendation_feedback_weather_idx" ON "recommendation_feedback" USING btree ("weather_id");