CREATE TABLE "plan_clothes" (
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"clothes_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "plan_clothes_user_id_date_clothes_id_pk" PRIMARY KEY("user_id","date","clothes_id")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"note" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_user_id_date_pk" PRIMARY KEY("user_id","date")
);
--> statement-breakpoint
ALTER TABLE "plan_clothes" ADD CONSTRAINT "plan_clothes_clothes_id_clothes_id_fk" FOREIGN KEY ("clothes_id") REFERENCES "public"."clothes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_clothes" ADD CONSTRAINT "plan_clothes_user_id_date_plans_user_id_date_fk" FOREIGN KEY ("user_id","date") REFERENCES "public"."plans"("user_id","date") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_clothes_clothes_idx" ON "plan_clothes" USING btree ("clothes_id");