CREATE TABLE "work_sites" (
	"work_site_id" serial PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"subscription_code" text NOT NULL,
	"address1" text NOT NULL,
	"address_number" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_subscriptions" (
	"user_id" integer NOT NULL,
	"work_site_id" integer NOT NULL,
	"address_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_subscriptions_user_id_work_site_id_pk" PRIMARY KEY("user_id","work_site_id")
);
--> statement-breakpoint
ALTER TABLE "work_subscriptions" ADD CONSTRAINT "work_subscriptions_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_subscriptions" ADD CONSTRAINT "work_subscriptions_work_site_id_work_sites_work_site_id_fk" FOREIGN KEY ("work_site_id") REFERENCES "public"."work_sites"("work_site_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_subscriptions" ADD CONSTRAINT "work_subscriptions_address_id_addresses_address_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("address_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "work_sites_code_uq" ON "work_sites" USING btree (upper("subscription_code"));