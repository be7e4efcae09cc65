CREATE TABLE "price_list_prices" (
	"price_list_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_list_prices_price_list_id_product_id_valid_from_pk" PRIMARY KEY("price_list_id","product_id","valid_from"),
	CONSTRAINT "price_list_prices_positive" CHECK ("price_list_prices"."price_cents" > 0),
	CONSTRAINT "price_list_prices_dates" CHECK ("price_list_prices"."valid_to" IS NULL OR "price_list_prices"."valid_to" >= "price_list_prices"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "price_list_stores" (
	"warehouse_id" integer PRIMARY KEY NOT NULL,
	"price_list_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"price_list_id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "price_lists_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "product_stock" (
	"warehouse_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"stock" numeric(12, 3) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_stock_warehouse_id_product_id_pk" PRIMARY KEY("warehouse_id","product_id"),
	CONSTRAINT "product_stock_not_negative" CHECK ("product_stock"."stock" >= 0)
);
--> statement-breakpoint
ALTER TABLE "price_history" ADD COLUMN "price_list_id" integer;--> statement-breakpoint
ALTER TABLE "price_list_prices" ADD CONSTRAINT "price_list_prices_price_list_id_price_lists_price_list_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("price_list_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_prices" ADD CONSTRAINT "price_list_prices_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_stores" ADD CONSTRAINT "price_list_stores_price_list_id_price_lists_price_list_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("price_list_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_list_stores_list_idx" ON "price_list_stores" USING btree ("price_list_id");--> statement-breakpoint
CREATE INDEX "product_stock_product_idx" ON "product_stock" USING btree ("product_id","stock");--> statement-breakpoint
-- an existing shop keeps what it sells: every store holds the chain's former stock (decision 095)
INSERT INTO "product_stock" ("warehouse_id", "product_id", "stock")
SELECT w."warehouse_id", p."product_id", p."stock" FROM "products" p CROSS JOIN "warehouses" w
WHERE w."warehouse_type" = 'store' AND p."stock" > 0;
