ALTER TABLE "smart_cart_sessions" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "smart_cart_sessions" ADD COLUMN "rescan_outcome" text;--> statement-breakpoint
ALTER TABLE "smart_cart_sessions" ADD COLUMN "rescan_discrepancies" integer;--> statement-breakpoint
ALTER TABLE "smart_cart_sessions" ADD COLUMN "rescan_adjusted_cents" integer;--> statement-breakpoint
ALTER TABLE "smart_cart_sessions" ADD COLUMN "rescan_till" text;--> statement-breakpoint
ALTER TABLE "smart_cart_sessions" ADD COLUMN "rescan_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "smart_cart_stores" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "smart_cart_stores" ADD COLUMN "rescan_percent" integer;--> statement-breakpoint
ALTER TABLE "smart_cart_stores" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "smart_cart_sessions_store_day_idx" ON "smart_cart_sessions" USING btree ("warehouse_id","created_at");