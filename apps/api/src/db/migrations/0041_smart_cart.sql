CREATE TABLE "smart_cart_lines" (
	"line_id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"weighed" boolean DEFAULT false NOT NULL,
	"scanned_code" text,
	"label_price_cents" integer,
	"unit_price_cents" integer,
	"amount_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_cart_scans" (
	"user_id" integer NOT NULL,
	"scan_id" text NOT NULL,
	"session_id" integer NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smart_cart_scans_user_id_scan_id_pk" PRIMARY KEY("user_id","scan_id")
);
--> statement-breakpoint
CREATE TABLE "smart_cart_sessions" (
	"session_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"infos" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reminders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"till_code" text,
	"rescan" boolean,
	"receipt_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "smart_cart_stores" (
	"warehouse_id" integer PRIMARY KEY NOT NULL,
	"enabled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "smart_cart_lines" ADD CONSTRAINT "smart_cart_lines_session_id_smart_cart_sessions_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."smart_cart_sessions"("session_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_cart_scans" ADD CONSTRAINT "smart_cart_scans_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_cart_scans" ADD CONSTRAINT "smart_cart_scans_session_id_smart_cart_sessions_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."smart_cart_sessions"("session_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_cart_sessions" ADD CONSTRAINT "smart_cart_sessions_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "smart_cart_lines_session_idx" ON "smart_cart_lines" USING btree ("session_id","line_id");--> statement-breakpoint
CREATE INDEX "smart_cart_scans_session_idx" ON "smart_cart_scans" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_cart_sessions_live_uq" ON "smart_cart_sessions" USING btree ("user_id") WHERE "smart_cart_sessions"."status" IN ('open', 'ended');--> statement-breakpoint
CREATE UNIQUE INDEX "smart_cart_sessions_till_code_uq" ON "smart_cart_sessions" USING btree ("till_code");--> statement-breakpoint
CREATE INDEX "smart_cart_sessions_user_idx" ON "smart_cart_sessions" USING btree ("user_id","created_at");