CREATE TABLE "price_history" (
	"history_id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"warehouse_id" integer,
	"kind" text NOT NULL,
	"promo_id" integer,
	"price_cents" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" integer
);
--> statement-breakpoint
ALTER TABLE "product_promos" ADD COLUMN "prior_price_cents" integer;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_history_product_idx" ON "price_history" USING btree ("product_id","valid_from");--> statement-breakpoint
-- a database seeded before the history: its list prices known from today, its promotions over their days
INSERT INTO "price_history" ("product_id", "kind", "price_cents", "valid_from")
  SELECT "product_id", 'list', "price_cents", current_date FROM "products";--> statement-breakpoint
INSERT INTO "price_history" ("product_id", "kind", "promo_id", "price_cents", "valid_from", "valid_to")
  SELECT "product_id", 'promo', "promo_id", "promo_price_cents", "valid_from", "valid_to" FROM "product_promos";
