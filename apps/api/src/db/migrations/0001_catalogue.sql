CREATE TABLE "catalogue_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"category_id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"category_type_id" smallint DEFAULT 1 NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"level" smallint NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"description" text,
	"icon" text,
	"emoji" text,
	"selling_type" text,
	"unit" text,
	"grid_config" jsonb,
	"show_in_menu" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_blocks" (
	"category_block_id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"position" text NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"block_type" text NOT NULL,
	"mode_name" text DEFAULT 'default' NOT NULL,
	"meta_data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_promos" (
	"promo_id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"promo_type_id" integer NOT NULL,
	"promo_type" text NOT NULL,
	"promo_price_cents" integer NOT NULL,
	"discount_perc" numeric(5, 2) NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"header" text NOT NULL,
	"body" text NOT NULL,
	"footer" text NOT NULL,
	"bubble" text NOT NULL,
	"css_class" text NOT NULL,
	"selectable" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"product_id" serial PRIMARY KEY NOT NULL,
	"cod_int" text NOT NULL,
	"cod_var" text DEFAULT '1' NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"barcode" text,
	"brand" text NOT NULL,
	"format" text NOT NULL,
	"vendor_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"iva_pct" numeric(5, 2) NOT NULL,
	"selling_type" text NOT NULL,
	"unit_base" text NOT NULL,
	"product_infos" jsonb NOT NULL,
	"price_cents" integer NOT NULL,
	"unit_price_cents" integer,
	"net_quantity" numeric(12, 3),
	"stock" numeric(12, 3) NOT NULL,
	"min_acq" integer DEFAULT 1 NOT NULL,
	"max_acq" integer,
	"is_new" boolean DEFAULT false NOT NULL,
	"highlight" boolean DEFAULT false NOT NULL,
	"badge_label" text,
	"badge_css_class" text,
	"ingredients" text,
	"allergens" text,
	"storage" text,
	"nutritional_values" text,
	"features" text,
	"nutri_score_estimate" text,
	"source_url" text,
	"media_icon" text NOT NULL,
	"logistic_packaging_items" integer,
	"logistic_pallet_items" integer,
	"sales_rank" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('it_unaccent'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('it_unaccent'::regconfig, coalesce(brand, '')), 'B') || setweight(to_tsvector('it_unaccent'::regconfig, coalesce(format, '')), 'D')) STORED
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"proposal_id" serial PRIMARY KEY NOT NULL,
	"category_block_id" integer NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"slug" text,
	"proposal_url" text,
	"img" text,
	"img_alt" text,
	"img_description" text,
	"descr" text,
	"content" text,
	"proposal_type" text NOT NULL,
	"meta_data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL,
	"frequency" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"vendor_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "category_blocks" ADD CONSTRAINT "category_blocks_category_id_categories_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("category_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_promos" ADD CONSTRAINT "product_promos_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vendor_id_vendors_vendor_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("vendor_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("category_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_category_block_id_category_blocks_category_block_id_fk" FOREIGN KEY ("category_block_id") REFERENCES "public"."category_blocks"("category_block_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_uq" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "category_blocks_category_idx" ON "category_blocks" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "product_promos_product_idx" ON "product_promos" USING btree ("product_id","valid_from","valid_to");--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_uq" ON "products" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "products_cod_int_uq" ON "products" USING btree ("cod_int");--> statement-breakpoint
CREATE UNIQUE INDEX "products_barcode_uq" ON "products" USING btree ("barcode");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_sales_rank_idx" ON "products" USING btree ("sales_rank");--> statement-breakpoint
CREATE INDEX "proposals_block_idx" ON "proposals" USING btree ("category_block_id");--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_name_uq" ON "vendors" USING btree ("name");