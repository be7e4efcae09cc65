ALTER TABLE "product_promos" ADD COLUMN "audience" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_promos" ADD COLUMN "crm_segment_id" integer;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD COLUMN "valid_to" date;--> statement-breakpoint
-- the loyalty-card offers of the demo catalogue are for card holders only (decision 032)
UPDATE "product_promos" SET "audience" = 'card' WHERE "promo_type" = 'CARTA_FEDELTA';