CREATE TABLE "premium_exclusions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"staff_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "premium_free_deliveries" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "premium_requests" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"channel" varchar(10) NOT NULL,
	"card_number" text NOT NULL,
	"state" varchar(12),
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "premium_requests_channel" CHECK ("premium_requests"."channel" IN ('digital', 'physical')),
	CONSTRAINT "premium_requests_state" CHECK (("premium_requests"."channel" = 'digital' AND "premium_requests"."state" IS NULL) OR ("premium_requests"."channel" = 'physical' AND "premium_requests"."state" IN ('requested', 'shipped', 'delivered')))
);
--> statement-breakpoint
ALTER TABLE "premium_exclusions" ADD CONSTRAINT "premium_exclusions_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_exclusions" ADD CONSTRAINT "premium_exclusions_staff_user_id_staff_members_user_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_members"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_free_deliveries" ADD CONSTRAINT "premium_free_deliveries_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_requests" ADD CONSTRAINT "premium_requests_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "premium_free_deliveries_user_idx" ON "premium_free_deliveries" USING btree ("user_id");